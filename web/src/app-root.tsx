import type { RouterHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { App } from './App.tsx';
import { createQueryClient, createSignedOutHandler } from './lib/query-client.ts';
import { browserSession } from './lib/session.ts';
import { createAppRouter, sendToMfaEnrolment } from './router.ts';

/**
 * The whole app as one element, with its router and data cache. main.tsx renders it in the browser; the build renders
 * the very same for the sign-in pages (prerender/sign-in-pages.tsx, with a memory history at the page's path), and the
 * browser's first render then adopts that HTML (hydrates it). One definition, so that the two renders cannot differ.
 */
export function createAppRoot(history?: RouterHistory) {
  const session = browserSession;
  const queryClient = createQueryClient({
    onUnauthorized: createSignedOutHandler(session),
    // The desk keeps this user to two-factor enrolment: its screen (called only once the router exists).
    onMfaEnrolmentRequired: () => sendToMfaEnrolment(router),
  });
  const router = createAppRouter({ queryClient, session }, history);
  const element = (
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>
  );
  return { router, queryClient, element };
}
