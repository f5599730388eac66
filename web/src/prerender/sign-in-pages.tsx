/**
 * The sign-in pages, rendered to HTML when the SPA is built (web/prerender-plugin.ts puts them into index.html). A
 * visitor without a session sees the page as soon as the document arrives, and the app, when it starts, adopts that
 * very markup (hydrates it; takeover.ts) instead of replacing it: the inputs the visitor may already be typing into
 * stay the same elements, so nothing typed can be lost.
 *
 * Hydration needs this HTML to be exactly what the browser's first render produces. So it is rendered from the app's
 * own root (app-root.tsx: the same components, theme, router and route tree) in the state the browser shows it in:
 * at that path, nobody signed in. The router renders in Node as TanStack's server renderer does; the browser's router
 * is told it hydrates server-rendered markup (takeover.ts), which makes the two render the same tree.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { prerender } from 'react-dom/static';
import { createAppRoot } from '../app-root.tsx';
import { currentUserQuery } from '../features/auth/current-user.ts';
import { activateLanguage, i18n } from '../i18n/i18n.ts';
import type { Language } from '../i18n/languages.ts';
import { showsSignInPage } from './takeover.ts';

/**
 * The app's HTML at `path` signed out, in `language` (a visitor's browser picks the page of its language before any
 * script has loaded). Emotion, without a cache of its own, writes styles into <style> tags inline.
 */
export async function renderSignInPage(path: string, language: Language): Promise<string> {
  await activateLanguage(language);
  // A text missing from the catalog would be rendered as its key, here and in the visitor's browser alike.
  const missing: string[] = [];
  const stopListening = i18n.on('missing', ({ id }) => missing.push(id));
  const { router, queryClient, element } = createAppRoot(createMemoryHistory({ initialEntries: [path] }));
  queryClient.setQueryData(currentUserQuery().queryKey, null);
  // The server renderer would add a script that restores the scroll position and removes itself before hydration;
  // the browser renders nothing in its place, and a fresh page has no scroll to restore.
  router.update({ ...router.options, scrollRestoration: false });
  await router.load();
  if (!showsSignInPage(router, path)) throw new Error(`${path} does not show a sign-in page to a visitor signed out`);
  // `prerender`, unlike renderToString, waits for lazy parts (the toasts' region), so the markup has no boundary left
  // for the browser to render on its own.
  const { prelude } = await prerender(element);
  const html = await new Response(prelude).text();
  stopListening();
  if (missing.length) throw new Error(`${path} in ${language} shows texts its catalog lacks: ${missing.join(', ')}`);
  return html;
}
