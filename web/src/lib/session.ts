/**
 * Signing in and out are full-page navigations to the API: the server owns the cookies and the
 * organization sign-in flow, so the SPA only ever hands the browser over.
 */

export const SIGN_IN_PATH = '/api/login';
export const SIGN_OUT_PATH = '/api/logout';

/** The two ways the SPA leaves itself; injected through the router context so tests can observe them. */
export interface Session {
  /** Start organization sign-in (lands on the role chooser in the embedded runtime). */
  signIn(): void;
  /** Clear the session cookies; the browser lands on `/`. */
  signOut(): void;
}

/** The real browser session. */
export const browserSession: Session = {
  signIn: () => window.location.assign(SIGN_IN_PATH),
  signOut: () => window.location.assign(SIGN_OUT_PATH),
};
