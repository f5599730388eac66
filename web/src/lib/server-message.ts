import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api.ts';

/**
 * The server's own explanation of a refused request (a 4xx such as "A user with this email already exists"), or
 * undefined. A 401 is handled globally, and a 5xx carries nothing the user can act on, so both give undefined and
 * the caller falls back to its docs/product.md §8 text.
 */
export function refusalMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status === 401 || error.status >= 500) return undefined;
  return error.body?.message || undefined;
}

/** Puts the messages of a 400's `errors` under the form fields they name; returns whether any was placed. */
export function showFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError) || !error.body?.errors) return false;
  let placed = false;
  for (const field of fields) {
    const message = error.body.errors[field];
    if (message) {
      setError(field, { message });
      placed = true;
    }
  }
  return placed;
}
