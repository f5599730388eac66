/**
 * Typed domain errors. Handlers and domain code throw these; one mapper (lib/http.ts) turns them into responses,
 * so no handler catches and shapes errors itself.
 */
import type { z, ZodType } from 'zod';
export abstract class AppError extends Error {
  abstract readonly statusCode: number;
  constructor(
    message: string,
    /** Per-field messages for forms, keyed by field path. */
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    // Minified bundles rename classes: the mapper matches by instanceof, and `name` stays readable in logs.
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  readonly statusCode = 400;
}

export class UnauthorizedError extends AppError {
  readonly statusCode = 401;
  constructor(message = 'Unauthorized') {
    super(message);
  }
}

export class ForbiddenError extends AppError {
  readonly statusCode = 403;
}

export class NotFoundError extends AppError {
  readonly statusCode = 404;
}

export class ConflictError extends AppError {
  readonly statusCode = 409;
}

export class UnsupportedMediaTypeError extends AppError {
  readonly statusCode = 415;
}

export class TooManyRequestsError extends AppError {
  readonly statusCode = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** The first message of a zod error, and one message per field for forms. */
export function validationErrorFrom(error: z.ZodError): ValidationError {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.') || '_';
    fieldErrors[path] ??= issue.message;
  }
  return new ValidationError(error.issues[0]?.message ?? 'Invalid input', fieldErrors);
}

/** `value` as `schema` reads it, or a 400 saying what is wrong (routes and use cases fed by other channels alike). */
export function parseInput<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw validationErrorFrom(result.error);
  return result.data;
}
