/**
 * What the server said about a refused request, in the reader's language: the SPA words the answer's `code` (and each
 * field's) from its catalog, and falls back to the server's English text for a code it does not know (a server newer
 * than the page).
 */
import type { MessageParams } from '#shared/i18n/messages.ts';
import { hasText, loadAllTexts } from '../i18n/i18n.ts';
import type { Translate } from '../i18n/react.tsx';
import { ApiError } from './api.ts';

/** A coded text in the reader's language, or `fallback` when the code is not in the catalog. */
function coded(code: string | undefined, params: MessageParams | undefined, fallback: string, t: Translate): string {
  return code && hasText(code) ? t(code, params) : fallback;
}

/**
 * An error as a screen shows it: an API answer as '{status}: {reason}' (docs/product.md §7), the reason in the
 * reader's language; anything else (the network failed) in its own words.
 */
export function errorText(error: unknown, t: Translate): string {
  if (error instanceof ApiError && error.body)
    return `${error.status}: ${coded(error.body.code, error.body.params, error.body.message, t)}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Loads the rest of the texts when a refusal carries a code the loaded ones lack (a sign-in page has only its own;
 * ADR 081), so that it is worded in the reader's language rather than in the server's English.
 */
export async function loadTextsOf(error: unknown): Promise<void> {
  if (!(error instanceof ApiError) || !error.body) return;
  const codes = [error.body.code, ...Object.values(error.body.fieldCodes ?? {}).map((field) => field.code)];
  if (codes.some((code) => code !== undefined && !hasText(code))) await loadAllTexts().catch(() => undefined);
}

/** The server's explanation of a failed request in the reader's language, or undefined when it gave none. */
export function serverReason(error: unknown, t: Translate): string | undefined {
  if (!(error instanceof ApiError) || !error.body?.message) return undefined;
  return coded(error.body.code, error.body.params, error.body.message, t);
}

/**
 * The server's own explanation of a refused request (a 4xx such as "A user with this email already exists"), or
 * undefined. A 401 is handled globally, and a 5xx carries nothing the user can act on, so both give undefined and
 * the caller falls back to its docs/product.md §8 text.
 */
export function refusalMessage(error: unknown, t: Translate): string | undefined {
  if (!(error instanceof ApiError) || error.status === 401 || error.status >= 500) return undefined;
  return serverReason(error, t);
}
