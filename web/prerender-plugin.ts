/**
 * Build step: puts the pre-rendered sign-in pages (src/prerender/sign-in-pages.tsx) into index.html, so that a visitor
 * without a session sees the page as soon as the document arrives, in their browser's language, and the app, when it
 * starts, hydrates that markup rather than replacing it (ADR 041, ADR 042, ADR 081).
 *
 * index.html gets
 * - the pages' styles once, in <head>, as the <style data-emotion> tags Emotion writes when rendering on a server
 *   (Emotion's cache adopts them at start instead of inserting the same rules again, and with them out of the markup
 *   it is what the browser's first render produces: there, Emotion inserts styles without rendering tags);
 * - one inert page per distinct markup (every sign-in path in every language), as the text of a
 *   `<script type="text/html">`: the parser keeps it as a string, so only the page shown is ever built into elements
 *   (thirty `<template>`s would each be parsed into a fragment, which costs the first paint);
 * - the app's start (its entry script and the requests index.html starts early) moved into an inert template too;
 * - a small inline script that chooses the interface language (src/i18n/languages.ts `chooseLanguage`, copied in),
 *   sets `<html lang dir>` and asks for that language's catalog beside the app's entry; on a sign-in path and without
 *   the signed-in hint cookie it applies the colour mode, copies the path's page in that language into #root and
 *   starts the app once that page has been painted, so that nothing the app loads competes with the first paint.
 *   With the hint on a role's area it paints the outline of the signed-in frame instead (web/app-frame.ts) and starts
 *   the app at once, and on a role's dashboard asks for the dashboard's reads beside the app's entry; elsewhere it only
 *   starts the app.
 * Until the app has adopted the page (src/prerender/takeover.ts), a submit is held back and marked on #root.
 */
import type { IndexHtmlTransformContext, Plugin } from 'vite';
import { createServer } from 'vite';
import { LANGUAGES } from '../shared/constants.ts';
import { SIGNED_IN_HINT_COOKIE } from '../shared/signed-in-hint.ts';
import { APP_FRAME_STYLE, appFrameScript } from './app-frame.ts';
import { i18nCatalogs } from './i18n-catalogs-plugin.ts';
import { chooseLanguage, REMEMBERED_LANGUAGE_KEY, textDirection } from './src/i18n/languages.ts';
import { HELD_SUBMIT_ATTRIBUTE, PRERENDERED_ATTRIBUTE, SIGN_IN_PATHS } from './src/prerender/sign-in-paths.ts';

const RENDER_MODULE = '/src/prerender/sign-in-pages.tsx';
const TEMPLATE_ID_PREFIX = 'sign-in-page-';
const APP_START_ID = 'app-start';

/** Where each language's compiled catalog was written (web/i18n-catalogs-plugin.ts), for the script to preload it. */
function catalogUrls(bundle: IndexHtmlTransformContext['bundle'], base: string): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const output of Object.values(bundle ?? {})) {
    const language = output.type === 'chunk' ? /^\0i18n-catalog:(\w+)$/.exec(output.facadeModuleId ?? '')?.[1] : null;
    if (language) urls[language] = base + output.fileName;
  }
  const missing = LANGUAGES.filter((language) => !urls[language]);
  if (missing.length) throw new Error(`the build has no catalog chunk for ${missing.join(', ')}`);
  return urls;
}

/**
 * `chooseLanguage` as the inline script runs it: its source, checked here to choose as the app does for a few
 * browsers, so that the page the script shows is the one the app hydrates.
 */
function chooserSource(): string {
  const source = chooseLanguage.toString();
  const copy = new Function(`return (${source});`)() as typeof chooseLanguage;
  const cases: Array<[string[], string | null]> = [
    [['ja-JP', 'en-US'], null],
    [['fr-CA'], 'de'],
    [['pt-BR', 'zh-TW'], null],
    [['pt-BR'], null],
    [[], 'xx'],
  ];
  for (const [preferred, remembered] of cases) {
    if (copy(preferred, remembered, LANGUAGES) !== chooseLanguage(preferred, remembered, LANGUAGES))
      throw new Error('index.html would choose another language than the app: chooseLanguage must be self-contained');
  }
  return source;
}

/**
 * The inline script: which language (the signed-in person's remembered one, else the browser's), which page to show
 * (`templates`: language to path to template number), in which colour mode (the stored choice of src/components/ui/color-mode.ts, else the
 * system's), and when to start the app, whose entry it starts fetching together with the language's catalog. It marks
 * #root with the path as the router will see it (the app hydrates only if it renders that very page; takeover.ts),
 * and until the app removes that mark it stops native submission (a GET with the password in the URL) and marks a held
 * submit, which the app then sends.
 */
function bootstrapScript(templates: Record<string, Record<string, number>>, catalogs: Record<string, string>): string {
  const directions = Object.fromEntries(LANGUAGES.map((language) => [language, textDirection(language)]));
  return `(function () {
  var html = document.documentElement, language = 'en';
  var signedIn = /(?:^|;\\s*)${SIGNED_IN_HINT_COOKIE}=1(?:;|$)/.test(document.cookie);
  try {
    var remembered = signedIn ? localStorage.getItem('${REMEMBERED_LANGUAGE_KEY}') : null;
    language = (${chooserSource()})(navigator.languages || [navigator.language], remembered, ${JSON.stringify(LANGUAGES)});
  } catch (e) {}
  html.lang = language;
  html.dir = ${JSON.stringify(directions)}[language] || 'ltr';
  function startApp() {
    var start = document.getElementById('${APP_START_ID}');
    if (start) document.head.appendChild(start.content.cloneNode(true));
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = ${JSON.stringify(catalogs)}[language];
    document.head.appendChild(link);
  }
  function applyColourMode() {
    var theme = 'system';
    try { theme = localStorage.getItem('theme') || theme; } catch (e) {}
    if (theme !== 'light' && theme !== 'dark') theme = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    html.classList.add(theme);
    html.style.colorScheme = theme;
  }
  ${appFrameScript()}
  function showPage() {
    var path = location.pathname, number = (${JSON.stringify(templates)}[language] || {})[path.replace(/\\/+$/, '')];
    if (number === undefined || signedIn) return false;
    var page = document.getElementById('${TEMPLATE_ID_PREFIX}' + number);
    var root = document.getElementById('root');
    if (!page || !root) return false;
    applyColourMode();
    root.innerHTML = page.textContent.split('<\\\\/script').join('</script');
    root.setAttribute('${PRERENDERED_ATTRIBUTE}', path);
    document.addEventListener('submit', function (event) {
      if (root.hasAttribute('${PRERENDERED_ATTRIBUTE}') && root.contains(event.target)) {
        event.preventDefault();
        root.setAttribute('${HELD_SUBMIT_ATTRIBUTE}', '');
      }
    }, true);
    return true;
  }
  if (showPage()) {
    // The app starts once the page has been painted: at the first paint the browser reports, or, where it reports
    // none (a hidden tab), a little after the next frame.
    var started = false;
    var once = function () { if (!started) { started = true; startApp(); } };
    try {
      new PerformanceObserver(function (list, observer) { observer.disconnect(); setTimeout(once, 0); })
        .observe({ type: 'paint', buffered: true });
    } catch (e) {}
    requestAnimationFrame(function () { setTimeout(once, 100); });
  } else {
    // Signed in on a role's area: the shell's outline until the app shows its first page, and on a role's dashboard
    // its reads beside the app's entry (web/app-frame.ts).
    var role = signedIn && showFrame();
    startApp();
    if (role) askForDashboardReads(role);
  }
})();`;
}

/** The tags of index.html's <head> that start the app: its entry, module preloads, and preloads. */
const APP_START_TAGS =
  /<script\b[^>]*\btype="module"[^>]*><\/script>|<link\b[^>]*\brel="(?:modulepreload|preload)"[^>]*>/g;

/** Emotion's style tags (its global styles included). */
const STYLE_TAG = /<style\b[^>]*>[\s\S]*?<\/style>/g;

/** Any script: none may be in the markup, which has to be exactly what the browser's first render produces. */
const UNEXPECTED_SCRIPT = /<script\b/;

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

interface RenderedPage {
  language: string;
  path: string;
  html: string;
}

/** Renders every sign-in path in every language with the app's own modules, in a Vite server of their own. */
async function renderPages(root: string): Promise<RenderedPage[]> {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    plugins: [i18nCatalogs()],
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const { renderSignInPage } = (await server.ssrLoadModule(
      RENDER_MODULE,
    )) as typeof import('./src/prerender/sign-in-pages.tsx');
    const pages: RenderedPage[] = [];
    for (const language of LANGUAGES) {
      for (const path of SIGN_IN_PATHS) pages.push({ language, path, html: await renderSignInPage(path, language) });
    }
    return pages;
  } finally {
    await server.close();
  }
}

export function prerenderSignIn(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'helpdesk:prerender-sign-in',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle }) {
        const pages = await renderPages(root);
        const { styles, markup } = separateStyles(pages.map((page) => page.html));
        // Pages that are the same markup share a template.
        const distinct = [...new Set(markup)];
        const templateOf: Record<string, Record<string, number>> = {};
        pages.forEach(({ language, path }, i) => {
          templateOf[language] ??= {};
          templateOf[language][path] = distinct.indexOf(markup[i]!);
        });
        // Raw text ends at the first `</script`: the pages' own data blocks close as `<\/script`, which the inline
        // script turns back before it inserts the page.
        const templates = distinct.map(
          (page, i) =>
            `<script type="text/html" id="${TEMPLATE_ID_PREFIX}${i}">${page.replace(/<\/script/gi, '<\\/script')}</script>`,
        );
        if (!html.includes('<div id="root"></div>'))
          throw new Error('index.html has no empty #root to pre-render into');
        const startTags = html.match(APP_START_TAGS) ?? [];
        if (!startTags.some((tag) => tag.startsWith('<script'))) throw new Error('index.html has no entry script');
        return html
          .replace(APP_START_TAGS, '')
          .replace(
            '</head>',
            `<template id="${APP_START_ID}">${startTags.join('')}</template>${styles.join('')}${APP_FRAME_STYLE}</head>`,
          )
          .replace(
            '<div id="root"></div>',
            `${templates.join('')}<div id="root"></div><script>${bootstrapScript(templateOf, catalogUrls(bundle, base))}</script>`,
          );
      },
    },
  };
}
