import type { MessageKey } from '#shared/i18n/messages.ts';

/**
 * Every page a visitor reaches without signing in, and a text it shows: the pages the sign-in bundle alone must style
 * (components/ui/system.test.tsx) and word (i18n/sign-in-texts.test.tsx). A new signed-out route belongs here.
 */
export const SIGNED_OUT_PAGES: ReadonlyArray<readonly [path: string, shown: MessageKey]> = [
  ['/admin', 'signIn.admin.title'],
  ['/manager', 'signIn.manager.title'],
  ['/agent', 'signIn.agent.title'],
  ['/staff', 'signIn.staff.title'],
  ['/agent-login', 'signIn.agent.title'],
  ['/', 'roleChooser.title'],
  ['/login-selection', 'roleChooser.title'],
  ['/admin-oauth', 'organizationSignIn.title'],
  ['/landing', 'landing.tagline'],
  ['/nope', 'notFound.title'],
  ['/manager/settings', 'session.signedOutPage'],
];
