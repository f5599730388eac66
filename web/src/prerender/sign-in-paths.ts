import type { LoginVariant } from '../features/auth/login-variants.ts';

/**
 * The paths whose signed-out screen is a login form (docs/product.md §2), with the variant each shows: the role routes'
 * base paths, `/staff`, and `/agent-login` (the target of the organization page's agent link).
 */
export const SIGN_IN_PATHS: Readonly<Record<string, LoginVariant>> = {
  '/admin': 'admin',
  '/manager': 'manager',
  '/agent': 'agent',
  '/staff': 'staff',
  '/agent-login': 'agent',
};

/** The attribute that marks the pre-rendered screen while it is showing; its value is the variant. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered-sign-in';

/** Set on the pre-rendered form by index.html's script, read by the app when it takes the form over. */
export const FORM_STATE_ATTRIBUTES = {
  /** The name of the field that has the focus. */
  focused: 'data-focused',
  /** Present once the visitor has submitted the form (the submit itself was held back). */
  submitted: 'data-submitted',
} as const;
