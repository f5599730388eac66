/**
 * A cookie beside the HttpOnly session cookies that carries no secret, only "a session exists": index.html reads it
 * before any bundle loads, to paint the pre-rendered sign-in screen for visitors without a session only
 * (web/src/prerender/). The server sets it with the refresh cookie and clears it with the session cookies.
 */
export const SIGNED_IN_HINT_COOKIE = 'hd_signed_in';
