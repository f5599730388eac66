import './lib/no-eval.ts';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppRoot } from './app-root.tsx';
import { RouteErrorScreen } from './router.ts';
import { activateLanguage, currentLanguage } from './i18n/i18n.ts';
import { isLanguage, type Language, startLanguage } from './i18n/languages.ts';
import {
  endPrerenderedSignIn,
  hydratePrerenderedSignIn,
  prerenderedSignInPath,
  showsSignInPage,
} from './prerender/takeover.ts';

const { router, element } = createAppRoot();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A transition, so React renders the first page in slices between which the browser can answer input, rather than
// in one long task.
const render = () => startTransition(() => createRoot(container).render(element));

const prerenderedPath = prerenderedSignInPath(container);

/** Once the first page is on screen: what a later failure needs, fetched while nothing fails. */
const afterStart = () => setTimeout(() => void RouteErrorScreen.preload?.(), 0);

// The pre-rendered page is in the language index.html's script chose for it and wrote on <html>; elsewhere the same
// choice is made here (docs/product.md §2 "Languages"). Its catalog was requested by that script already.
const pageLanguage = document.documentElement.lang;
const language: Language = prerenderedPath !== null && isLanguage(pageLanguage) ? pageLanguage : startLanguage();
// A catalog that cannot be fetched (a deploy replaced it, the network dropped) leaves English.
const languageReady = activateLanguage(language).catch(() => activateLanguage('en'));

if (prerenderedPath === null) {
  void languageReady.finally(render).then(afterStart);
} else {
  // The pre-rendered sign-in page is showing (ADR 042). With the route and the language loaded first, the app's first
  // render is the whole page; when that is the page showing, the app adopts its markup, the very elements the visitor
  // types into.
  void Promise.allSettled([router.load(), languageReady])
    .then(() => {
      if (currentLanguage() === language && showsSignInPage(router, prerenderedPath))
        hydratePrerenderedSignIn(container, router, element);
      else {
        // A session the hint cookie did not announce (or the page's catalog could not be fetched): the app's own page
        // replaces the form at its first commit.
        endPrerenderedSignIn();
        render();
      }
    })
    .then(afterStart);
}
