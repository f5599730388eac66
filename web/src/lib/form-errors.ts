/**
 * Form fields' error messages in the reader's language: the forms hold each message as the schemas produce it (a
 * message code with its arguments, shared/i18n/messages.ts) and the server's field problems as their codes too, so a
 * message is worded when shown and follows a language switch.
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { type ApiCode, issueText, messageOfIssueText } from '#shared/i18n/messages.ts';
import { hasText } from '../i18n/i18n.ts';
import type { Translate } from '../i18n/react.tsx';
import { ApiError } from './api.ts';

/**
 * A form field's error message in the reader's language. The forms hold each message as the schemas produce it, a
 * message code with its arguments (shared/i18n/messages.ts), so it is worded when shown and follows a language
 * switch; anything else (a server's text without a code) is shown as it is.
 */
export function fieldErrorText(message: string | undefined, t: Translate): string | undefined {
  if (!message) return undefined;
  const named = messageOfIssueText(message);
  return named && hasText(named.code) ? t(named.code, named.params) : message;
}

/** Puts the problems of a 400's `errors` under the form fields they name; returns whether any was placed. */
export function showFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError) || !error.body?.errors) return false;
  let placed = false;
  for (const field of fields) {
    const fieldCode = error.body.fieldCodes?.[field];
    const message = error.body.errors[field];
    if (!message) continue;
    // Kept as the code when there is one, so that the field is worded in the reader's language (fieldErrorText).
    const known = fieldCode && /^(?:error|validation)\./.test(fieldCode.code) && hasText(fieldCode.code);
    setError(field, { message: known ? issueText(fieldCode.code as ApiCode, fieldCode.params) : message });
    placed = true;
  }
  return placed;
}
