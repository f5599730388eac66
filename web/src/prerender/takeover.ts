/**
 * The app taking over the pre-rendered sign-in screen (web/prerender-plugin.ts). React replaces the screen's DOM
 * with its own when it commits; what the visitor did until then (typed, focused a field, pressed Sign In) is carried
 * over, so nothing done before the app started is lost.
 *
 * The form is found while the app's form renders, and read right after the commit: the first render may be sliced
 * (main.tsx renders in a transition), and the visitor can type between the slices. The replaced inputs keep their
 * values once detached; the bootstrap script keeps the focused field's name and a held-back submit on the form.
 */
import { FORM_STATE_ATTRIBUTES, PRERENDERED_ATTRIBUTE } from './sign-in-paths.ts';

export interface PrerenderedSignIn {
  email: string;
  password: string;
  /** The field that had the focus, if one did. */
  focused: 'email' | 'password' | null;
  /** The visitor submitted the form before the app could. */
  submitted: boolean;
}

/** Whether the pre-rendered screen is showing (the app should render it in one go; see main.tsx). */
export function isPrerenderedSignInShowing(): boolean {
  return document.querySelector(`[${PRERENDERED_ATTRIBUTE}]`) !== null;
}

/** The pre-rendered form while it is showing, else null (it never was, or the app has taken it over). */
export function findPrerenderedSignInForm(): HTMLFormElement | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLFormElement>(`[${PRERENDERED_ATTRIBUTE}] form`);
}

/** What the visitor did on the pre-rendered form, read from it as it was when it was replaced. */
export function readPrerenderedSignIn(form: HTMLFormElement): PrerenderedSignIn {
  const fieldValue = (name: string) => {
    const field = form.elements.namedItem(name);
    return field instanceof HTMLInputElement ? field.value : '';
  };
  const focused = form.getAttribute(FORM_STATE_ATTRIBUTES.focused);
  return {
    email: fieldValue('email'),
    password: fieldValue('password'),
    focused: focused === 'email' || focused === 'password' ? focused : null,
    submitted: form.hasAttribute(FORM_STATE_ATTRIBUTES.submitted),
  };
}
