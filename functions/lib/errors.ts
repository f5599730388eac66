/**
 * Typed domain errors. Handlers and domain code throw these; one mapper (http/handler.ts) turns them into responses,
 * so no handler catches and shapes errors itself. Each error carries a code from the message registry
 * (shared/i18n/messages.ts) with its arguments, and the English text of that code as its `message`.
 */
import type * as z from 'zod';
import type { ZodType } from 'zod';
import { type ApiCode, type CodedText, type Message, messageOfIssueText } from '#shared/i18n/messages.ts';
import { englishOf } from './messages.ts';

/** One problem as the API reports it: its code and arguments, and the English text API clients read. */
export interface ErrorText extends Message<ApiCode> {
  message: string;
}

/** A problem named by its code (alone or with its arguments as one text), by code and arguments, or in words. */
export type Problem = CodedText<ApiCode> | Message<ApiCode> | ErrorText;

/** A problem in words: its code, arguments and English text. */
export const errorText = (problem: Problem): ErrorText => {
  if (typeof problem === 'string') {
    const named = (messageOfIssueText(problem) ?? { code: problem }) as Message<ApiCode>;
    return { ...named, message: englishOf(named) };
  }
  if ('message' in problem) return problem;
  return { ...problem, message: englishOf(problem) };
};

/**
 * The body of every error answer: today's English `message` (and `errors`, field → message) for the clients that read
 * them, and beside them the stable `code` with its `params`, and `fieldCodes` (field → code and params), from which
 * the SPA shows the answer in the reader's language (docs/decisions/081-one-message-registry-and-lingui.md).
 */
export function errorBody(
  { code, params, message }: ErrorText,
  fieldErrors?: Record<string, ErrorText>,
  details?: Record<string, unknown>,
): Record<string, unknown> {
  const body: Record<string, unknown> = { ...details, message, code, ...(params ? { params } : {}) };
  if (fieldErrors) {
    const fields = Object.entries(fieldErrors);
    body.errors = Object.fromEntries(fields.map(([field, text]) => [field, text.message]));
    body.fieldCodes = Object.fromEntries(
      fields.map(([field, text]) => [field, { code: text.code, ...(text.params ? { params: text.params } : {}) }]),
    );
  }
  return body;
}

export abstract class AppError extends Error {
  abstract readonly statusCode: number;
  readonly code: ApiCode;
  readonly params: Message['params'];
  /** Per-field problems for forms, keyed by field path. */
  readonly fieldErrors?: Record<string, ErrorText>;
  /** What the answer carries besides the problem, for the caller to act on (a conflict's newer data). */
  readonly details?: Record<string, unknown>;

  constructor(problem: Problem, fieldErrors?: Record<string, Problem>) {
    const text = errorText(problem);
    super(text.message);
    this.code = text.code;
    this.params = text.params;
    if (fieldErrors)
      this.fieldErrors = Object.fromEntries(Object.entries(fieldErrors).map(([field, p]) => [field, errorText(p)]));
    // Minified bundles rename classes: the mapper matches by instanceof, and `name` stays readable in logs.
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  readonly statusCode = 400;
}

export class UnauthorizedError extends AppError {
  readonly statusCode = 401;
  constructor(problem: Problem = 'error.unauthorized') {
    super(problem);
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

/** A conflict whose answer shows the caller what it did not know: `details` go into the body beside the problem. */
export class ConflictWithDetailsError extends ConflictError {
  override readonly details: Record<string, unknown>;

  constructor(problem: Problem, details: Record<string, unknown>) {
    super(problem);
    this.details = details;
  }
}

export class UnsupportedMediaTypeError extends AppError {
  readonly statusCode = 415;
}

export class TooManyRequestsError extends AppError {
  readonly statusCode = 429;
  constructor(
    problem: Problem,
    readonly retryAfterSeconds: number,
  ) {
    super(problem);
  }
}

/**
 * A zod issue as the API reports it. The schemas give each issue a message code (shared/i18n/messages.ts); an issue
 * that has none (a check relying on zod's own words) keeps zod's text under the generic code.
 */
function issueProblem(issue: z.ZodError['issues'][number]): ErrorText {
  const named = messageOfIssueText(issue.message);
  if (!named) return { code: 'validation.invalid', message: issue.message };
  // A form's own check (shared/i18n/messages.ts FormCode) is no API code; its text is still the clearest message.
  if (named.code.startsWith('form.')) return { code: 'validation.invalid', message: englishOf(named) };
  return errorText(named as Message<ApiCode>);
}

/** The first problem of a zod error, and one problem per field for forms. */
export function validationErrorFrom(error: z.ZodError): ValidationError {
  const fieldErrors: Record<string, ErrorText> = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.') || '_';
    fieldErrors[path] ??= issueProblem(issue);
  }
  const first = error.issues[0];
  return new ValidationError(first ? issueProblem(first) : 'validation.invalid', fieldErrors);
}

/** `value` as `schema` reads it, or a 400 saying what is wrong (routes and use cases fed by other channels alike). */
export function parseInput<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw validationErrorFrom(result.error);
  return result.data;
}

/** Network failures of a request to an AWS service (or its emulator): the service may be back a moment later. */
const TRANSIENT_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);

/**
 * isTransientServiceError: the table or another AWS service could not be reached, failed on its side, or throttled
 * after the SDK's own retries: nothing the caller sent was wrong, and the same request may succeed a moment later.
 */
export function isTransientServiceError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: unknown; $fault?: unknown; $retryable?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && TRANSIENT_NETWORK_CODES.has(e.code)) return true;
  if (e.$fault === 'server' || e.$retryable) return true;
  return e.cause !== undefined && e.cause !== error && isTransientServiceError(e.cause);
}
