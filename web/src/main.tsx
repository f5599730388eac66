import './lib/no-eval.ts';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppRoot } from './app-root.tsx';
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
if (prerenderedPath === null) {
  render();
} else {
  // The pre-rendered sign-in page is showing (ADR 042). With the route loaded first, the app's first render is the
  // whole page; when that is the page showing, the app adopts its markup, the very elements the visitor types into.
  void router.load().finally(() => {
    if (showsSignInPage(router, prerenderedPath)) hydratePrerenderedSignIn(container, router, element);
    else {
      // A session the hint cookie did not announce: the app's own page replaces the form at its first commit.
      endPrerenderedSignIn();
      render();
    }
  });
}
