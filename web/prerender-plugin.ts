/**
 * Build step: puts the pre-rendered sign-in pages (src/prerender/sign-in-pages.tsx) into index.html, so that a visitor
 * without a session sees the page as soon as the document arrives, and the app, when it starts, hydrates that markup
 * rather than replacing it (ADR 041, ADR 042).
 *
 * index.html gets
 * - the pages' styles once, in <head>, as the <style data-emotion> tags Emotion writes when rendering on a server
 *   (Emotion's cache adopts them at start instead of inserting the same rules again, and with them out of the markup
 *   it is what the browser's first render produces: there, Emotion inserts styles without rendering tags);
 * - one inert <template> per distinct page;
 * - the app's start (its entry script and the requests index.html starts early) moved into an inert template too;
 * - a small inline script that, on a sign-in path and without the signed-in hint cookie, applies the colour mode,
 *   copies the path's page into #root and starts the app once that page has been painted, so that nothing the app
 *   loads competes with the first paint. Elsewhere it starts the app at once: the page loads as before.
 * Until the app has adopted the page (src/prerender/takeover.ts), a submit is held back and marked on #root.
 */
import type { Plugin } from 'vite';
import { createServer } from 'vite';
import { SIGNED_IN_HINT_COOKIE } from '../shared/signed-in-hint.ts';
import { HELD_SUBMIT_ATTRIBUTE, PRERENDERED_ATTRIBUTE, SIGN_IN_PATHS } from './src/prerender/sign-in-paths.ts';

const RENDER_MODULE = '/src/prerender/sign-in-pages.tsx';
const TEMPLATE_ID_PREFIX = 'sign-in-page-';
const APP_START_ID = 'app-start';

/**
 * The inline script: which page to show (`templates`: path to template number), in which colour mode (next-themes'
 * stored choice, else the system's), and when to start the app. It marks #root with the path as the router will see
 * it (the app hydrates only if it renders that very page; takeover.ts), and until the app removes that mark it stops
 * native submission (a GET with the password in the URL) and marks a held submit, which the app then sends.
 */
function bootstrapScript(templates: Record<string, number>): string {
  return `(function () {
  function startApp() {
    var start = document.getElementById('${APP_START_ID}');
    if (start) document.head.appendChild(start.content.cloneNode(true));
  }
  function showPage() {
    var path = location.pathname, number = ${JSON.stringify(templates)}[path.replace(/\\/+$/, '')];
    if (number === undefined || /(?:^|;\\s*)${SIGNED_IN_HINT_COOKIE}=1(?:;|$)/.test(document.cookie)) return false;
    var template = document.getElementById('${TEMPLATE_ID_PREFIX}' + number);
    var root = document.getElementById('root');
    if (!template || !root) return false;
    var html = document.documentElement, theme = 'system';
    try { theme = localStorage.getItem('theme') || theme; } catch (e) {}
    if (theme !== 'light' && theme !== 'dark') theme = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    html.classList.add(theme);
    html.style.colorScheme = theme;
    root.appendChild(template.content.cloneNode(true));
    root.setAttribute('${PRERENDERED_ATTRIBUTE}', path);
    document.addEventListener('submit', function (event) {
      if (root.hasAttribute('${PRERENDERED_ATTRIBUTE}') && root.contains(event.target)) {
        event.preventDefault();
        root.setAttribute('${HELD_SUBMIT_ATTRIBUTE}', '');
      }
    }, true);
    return true;
  }
  if (showPage()) requestAnimationFrame(function () { setTimeout(startApp, 0); });
  else startApp();
})();`;
}

/** The tags of index.html's <head> that start the app: its entry, module preloads, and preloads. */
const APP_START_TAGS =
  /<script\b[^>]*\btype="module"[^>]*><\/script>|<link\b[^>]*\brel="(?:modulepreload|preload)"[^>]*>/g;

/** Emotion's style tags (its global styles included). */
const STYLE_TAG = /<style\b[^>]*>[\s\S]*?<\/style>/g;

/**
 * Any script but next-themes' data block (which the browser renders too): none may be in the markup, which has to be
 * exactly what the browser's first render produces.
 */
const UNEXPECTED_SCRIPT = /<script(?![^>]*\btype="application\/json")\b/;

/**
 * Splits rendered pages into their distinct style tags (first-seen order) and their markup without them: what the
 * browser's first render produces.
 */
function separateStyles(pages: readonly string[]): { styles: string[]; markup: string[] } {
  const styles = new Set<string>();
  const markup = pages.map((html) =>
    html.replace(STYLE_TAG, (tag) => {
      styles.add(tag);
      return '';
    }),
  );
  if (markup.some((page) => UNEXPECTED_SCRIPT.test(page)))
    throw new Error('a pre-rendered sign-in page holds a script the browser would not render: it could not hydrate');
  return { styles: [...styles], markup };
}

/** Renders every sign-in path with the app's own modules, in a Vite server of their own. */
async function renderPages(root: string): Promise<string[]> {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const { renderSignInPage } = (await server.ssrLoadModule(
      RENDER_MODULE,
    )) as typeof import('./src/prerender/sign-in-pages.tsx');
    const pages: string[] = [];
    for (const path of SIGN_IN_PATHS) pages.push(await renderSignInPage(path));
    return pages;
  } finally {
    await server.close();
  }
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
        const { styles, markup } = separateStyles(await renderPages(root));
        // Paths whose pages are the same markup share a template.
        const distinct = [...new Set(markup)];
        const templateOf = Object.fromEntries(SIGN_IN_PATHS.map((path, i) => [path, distinct.indexOf(markup[i]!)]));
        const templates = distinct.map((page, i) => `<template id="${TEMPLATE_ID_PREFIX}${i}">${page}</template>`);
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
            `${templates.join('')}<div id="root"></div><script>${bootstrapScript(templateOf)}</script>`,
          );
      },
    },
  };
}
