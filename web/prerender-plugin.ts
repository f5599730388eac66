/**
 * Build step: puts the pre-rendered sign-in screens (src/prerender/sign-in-screens.tsx) into index.html, so that a
 * visitor without a session sees the screen as soon as the document arrives (ADR 041).
 *
 * index.html gets
 * - the screens' styles once, in <head>, as the <style data-emotion> tags Emotion writes when rendering on a server
 *   (the app's Emotion cache adopts them at start instead of inserting the same rules again);
 * - one inert <template> per variant;
 * - the app's start (its entry script and the requests index.html starts early) moved into an inert template too;
 * - a small inline script that, on a sign-in path and without the signed-in hint cookie, applies the colour mode,
 *   copies the path's screen into #root and starts the app once that screen has been painted, so that nothing the
 *   app loads competes with the first paint. Elsewhere it starts the app at once: the page loads as before.
 * Until the app takes the screen over (src/prerender/takeover.ts), a submit is held back and remembered.
 */
import type { Plugin } from 'vite';
import { createServer } from 'vite';
import { SIGNED_IN_HINT_COOKIE } from '../shared/signed-in-hint.ts';
import type { LoginVariant } from './src/features/auth/login-variants.ts';
import { FORM_STATE_ATTRIBUTES, PRERENDERED_ATTRIBUTE, SIGN_IN_PATHS } from './src/prerender/sign-in-paths.ts';

const RENDER_MODULE = '/src/prerender/sign-in-screens.tsx';
const TEMPLATE_ID_PREFIX = 'sign-in-screen-';
const APP_START_ID = 'app-start';

/**
 * The inline script: which screen to show, in which colour mode (next-themes' stored choice, else the system's), and
 * when to start the app.
 */
function bootstrapScript(): string {
  const paths = JSON.stringify(SIGN_IN_PATHS);
  return `(function () {
  function startApp() {
    var start = document.getElementById('${APP_START_ID}');
    if (start) document.head.appendChild(start.content.cloneNode(true));
  }
  function showScreen() {
    var variant = ${paths}[location.pathname.replace(/\\/+$/, '')];
    if (!variant || /(?:^|;\\s*)${SIGNED_IN_HINT_COOKIE}=1(?:;|$)/.test(document.cookie)) return false;
    var template = document.getElementById('${TEMPLATE_ID_PREFIX}' + variant);
    var root = document.getElementById('root');
    if (!template || !root) return false;
    var html = document.documentElement, theme = 'system';
    try { theme = localStorage.getItem('theme') || theme; } catch (e) {}
    if (theme !== 'light' && theme !== 'dark') theme = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    html.classList.add(theme);
    html.style.colorScheme = theme;
    root.appendChild(template.content.cloneNode(true));
    root.firstElementChild.setAttribute('${PRERENDERED_ATTRIBUTE}', variant);
    function field(event) {
      var target = event.target;
      return target.form && target.form.closest('[${PRERENDERED_ATTRIBUTE}]') ? target : null;
    }
    document.addEventListener('focusin', function (event) {
      var target = field(event);
      if (target) target.form.setAttribute('${FORM_STATE_ATTRIBUTES.focused}', target.name);
    }, true);
    // Focus moving elsewhere clears it; the field being replaced by the app's own does not.
    document.addEventListener('focusout', function (event) {
      var target = field(event);
      if (target && event.relatedTarget) target.form.removeAttribute('${FORM_STATE_ATTRIBUTES.focused}');
    }, true);
    document.addEventListener('submit', function (event) {
      var form = event.target;
      if (form.closest && form.closest('[${PRERENDERED_ATTRIBUTE}]')) {
        event.preventDefault();
        form.setAttribute('${FORM_STATE_ATTRIBUTES.submitted}', '');
      }
    }, true);
    return true;
  }
  if (showScreen()) requestAnimationFrame(function () { setTimeout(startApp, 0); });
  else startApp();
})();`;
}

/** The tags of index.html's <head> that start the app: its entry, module preloads, and preloads. */
const APP_START_TAGS =
  /<script\b[^>]*\btype="module"[^>]*><\/script>|<link\b[^>]*\brel="(?:modulepreload|preload)"[^>]*>/g;

const STYLE_TAG = /<style\b[^>]*>[\s\S]*?<\/style>/g;
const SCRIPT_TAG = /<script\b[^>]*>[\s\S]*?<\/script>/g;

/** Splits rendered screens into their distinct style tags (first-seen order) and their markup without them. */
function separateStyles(screens: readonly string[]): { styles: string[]; markup: string[] } {
  const styles = new Set<string>();
  const markup = screens.map((html) =>
    html
      .replace(STYLE_TAG, (tag) => {
        styles.add(tag);
        return '';
      })
      // next-themes' own colour-mode script, inert in a client-rendered page; the bootstrap script does its work.
      .replace(SCRIPT_TAG, ''),
  );
  return { styles: [...styles], markup };
}

export function prerenderSignIn(): Plugin {
  let root = '';
  return {
    name: 'helpdesk:prerender-sign-in',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const variants = [...new Set(Object.values(SIGN_IN_PATHS))] as LoginVariant[];
        const server = await createServer({
          root,
          configFile: false,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
        });
        let screens: string[];
        try {
          const { renderSignInScreen } = (await server.ssrLoadModule(
            RENDER_MODULE,
          )) as typeof import('./src/prerender/sign-in-screens.tsx');
          screens = [];
          for (const variant of variants) screens.push(await renderSignInScreen(variant));
        } finally {
          await server.close();
        }
        const { styles, markup } = separateStyles(screens);
        const templates = variants.map(
          (variant, i) => `<template id="${TEMPLATE_ID_PREFIX}${variant}">${markup[i]}</template>`,
        );
        if (!html.includes('<div id="root"></div>'))
          throw new Error('index.html has no empty #root to pre-render into');
        const startTags = html.match(APP_START_TAGS) ?? [];
        if (!startTags.some((tag) => tag.startsWith('<script'))) throw new Error('index.html has no entry script');
        return html
          .replace(APP_START_TAGS, '')
          .replace(
            '</head>',
            `<template id="${APP_START_ID}">${startTags.join('')}</template>${styles.join('')}</head>`,
          )
          .replace(
            '<div id="root"></div>',
            `${templates.join('')}<div id="root"></div><script>${bootstrapScript()}</script>`,
          );
      },
    },
  };
}
