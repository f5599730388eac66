/**
 * The app taking over the pre-rendered sign-in screen (web/prerender-plugin.ts). React replaces the screen's DOM
 * with its own on its first commit; what the visitor did meanwhile (typed, focused a field, pressed Sign In) is read
 * just before that, while the form renders, and carried over, so nothing done before the app started is lost.
 */
import { PRERENDERED_ATTRIBUTE } from './sign-in-paths.ts';

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

/** What the visitor did on the pre-rendered screen, or null when it is not showing (never was, or taken over). */
export function readPrerenderedSignIn(): PrerenderedSignIn | null {
  if (typeof document === 'undefined') return null;
  const form = document.querySelector<HTMLFormElement>(`[${PRERENDERED_ATTRIBUTE}] form`);
  if (!form) return null;
  const valueOf = (name: string) => {
    const field = form.elements.namedItem(name);
    return field instanceof HTMLInputElement ? field.value : '';
  };
  const active = document.activeElement;
  const focusedName = active instanceof HTMLInputElement && form.contains(active) ? active.name : null;
  return {
    email: valueOf('email'),
    password: valueOf('password'),
    focused: focusedName === 'email' || focusedName === 'password' ? focusedName : null,
    submitted: form.hasAttribute('data-submitted'),
  };
}
