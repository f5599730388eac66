/**
 * The one HTTP client of the SPA (docs/product.md §7, §8): cookies on every call, JSON only when there is a body,
 * and every non-success answer turned into an ApiError.
 */
import type { MessageParams } from '#shared/i18n/messages.ts';

/**
 * Error body the API sends with every non-success answer: the English `message` (and per field `errors`), and the
 * same as codes of the message registry with their arguments, from which the SPA words it in the reader's language.
 */
export interface ApiErrorBody {
  message: string;
  code?: string;
  params?: MessageParams;
  errors?: Record<string, string>;
  fieldCodes?: Record<string, { code: string; params?: MessageParams }>;
}

/** A non-success HTTP answer; `message` reads `${status}: ${server message, or status text}` (docs/product.md §8). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    detail: string,
    readonly body: ApiErrorBody | null,
  ) {
    super(`${status}: ${detail}`);
  }
}

/**
 * True when the API keeps the caller to two-factor enrolment: the desk requires it of them and they have not set it up
 * (docs/decisions/083-staff-two-factor.md).
 */
export function isMfaEnrolmentRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.body?.code === 'error.mfa.enrolmentRequired';
}

/** True when the error is the API saying the caller is not signed in. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
}

/** Sends one API request and resolves with the parsed JSON answer (undefined when the answer is empty). */
export async function request<T>(method: Method, path: string, { body, signal }: RequestOptions = {}): Promise<T> {
  const init: RequestInit = { method, credentials: 'include' };
  if (signal) init.signal = signal;
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'Content-Type': 'application/json' };
  }
  const response = await fetch(path, init);
  const text = await response.text();
  if (!response.ok) throw toApiError(response, text);
  return (text ? JSON.parse(text) : undefined) as T;
}

function toApiError(response: Response, text: string): ApiError {
  const body = parseErrorBody(text);
  const detail = body?.message || text.trim() || response.statusText;
  return new ApiError(response.status, detail, body);
}

function parseErrorBody(text: string): ApiErrorBody | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && typeof (parsed as ApiErrorBody).message === 'string') {
      return parsed as ApiErrorBody;
    }
  } catch {
    // Not JSON (a proxy's HTML error page, an empty body): the text itself is the detail.
  }
  return null;
}

/** Typed shorthands over `request`. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, { body }),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, { body }),

  /** A read where 401 means "nobody is signed in" rather than a failure (docs/product.md §7). */
  async getOrNullWhenSignedOut<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T | null> {
    try {
      return await request<T>('GET', path, options);
    } catch (error) {
      if (isUnauthorized(error)) return null;
      throw error;
    }
  },
};
