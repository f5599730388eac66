import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api.ts';

/** A 400 names the offending fields (`{ errors: { subject: '…' } }`); show each message under its own field. */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  if (!(error instanceof ApiError) || !error.body?.errors) return;
  for (const field of fields) {
    const message = error.body.errors[field];
    if (message) setError(field, { message });
  }
}
