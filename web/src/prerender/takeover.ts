/**
 * The app adopting the pre-rendered sign-in page (web/prerender-plugin.ts, ADR 042). React hydrates the page's markup:
 * it takes the existing elements over instead of replacing them, so what the visitor typed, the focus and the caret
 * stay where they are. What the markup cannot carry is a press of Sign In before the app could handle it: index.html's
 * script holds that submit back and marks it on #root, and the form sends it once it is hydrated.
 */
import type { AnyRouter } from '@tanstack/react-router';
import { type ReactNode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { currentUserQuery } from '../features/auth/current-user.ts';
import type { RouterContext } from '../lib/router-context.ts';
import { HELD_SUBMIT_ATTRIBUTE, PRERENDERED_ATTRIBUTE } from './sign-in-paths.ts';

/** The path of the pre-rendered page showing in `container`, or null when none is (or the app has adopted it). */
export function prerenderedSignInPath(container: HTMLElement): string | null {
  return container.getAttribute(PRERENDERED_ATTRIBUTE);
}

/**
 * Whether the loaded router renders the sign-in page of `path` signed out, the state the page was pre-rendered in:
 * only then is the app's first render the pre-rendered markup, and only then may it hydrate it.
 */
export function showsSignInPage(router: AnyRouter, path: string): boolean {
  const { location, matches } = router.state;
  const { queryClient } = router.options.context as RouterContext;
  return (
    location.pathname === path &&
    matches.every((match) => match.status === 'success') &&
    queryClient.getQueryData(currentUserQuery().queryKey) === null
  );
}

/**
 * Hydrates the pre-rendered page in `container` with the app (`element`), whose router has loaded the page's route.
 * The router is told that it hydrates server-rendered markup, as TanStack's own client hydration tells it: it then
 * renders the tree its server renderer rendered (no Suspense boundary of its own around the matches), which is the
 * markup the build produced (sign-in-pages.tsx).
 *
 * In a transition, React hydrates in slices between which the browser answers input; a key press or click on the
 * page before it is done makes React hydrate the rest at once and then handle the event.
 */
export function hydratePrerenderedSignIn(container: HTMLElement, router: AnyRouter, element: ReactNode): void {
  router.ssr = { manifest: undefined };
  startTransition(() => void hydrateRoot(container, element));
}

/**
 * Ends the pre-rendered page's life on its own (index.html's script stops holding submits back) and tells whether the
 * visitor submitted the form meanwhile. Called by the form once the app has adopted the page, and by main.tsx when the
 * app renders another page there (the visitor turned out to be signed in).
 */
export function endPrerenderedSignIn(): boolean {
  const container = document.getElementById('root');
  const submitted = container?.hasAttribute(HELD_SUBMIT_ATTRIBUTE) ?? false;
  container?.removeAttribute(PRERENDERED_ATTRIBUTE);
  container?.removeAttribute(HELD_SUBMIT_ATTRIBUTE);
  return submitted;
}
