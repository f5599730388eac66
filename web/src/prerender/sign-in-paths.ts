/**
 * The paths whose signed-out page is a login form (docs/product.md §2): the role routes' base paths, `/staff`, and
 * `/agent-login` (the target of the organization page's agent link). The build pre-renders each (ADR 042).
 */
export const SIGN_IN_PATHS = ['/admin', '/manager', '/agent', '/staff', '/agent-login'] as const;

/**
 * Set on #root by index.html's script while the pre-rendered page is showing and the app has not adopted it yet; its
 * value is the page's path.
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered-sign-in';

/** Set on #root by index.html's script when the visitor submitted the form before the app could. */
export const HELD_SUBMIT_ATTRIBUTE = 'data-sign-in-submitted';
