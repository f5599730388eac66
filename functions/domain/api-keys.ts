/**
 * Rules of API keys: what a new key and its secret look like, and the fixed rate-limit window a call falls in.
 * No AWS here; functions/data/api-keys.ts and rate-limit.ts store keys as hashes and count calls in the table.
 */
import type { ApiKeyScope } from '#shared/constants.ts';
import { type Message, message } from '#shared/i18n/messages.ts';
import type { ApiKey, CreateApiKeyInput } from '#shared/schemas/api-key.ts';

/** What authentication knows of the key behind a call. */
export interface ApiKeyIdentity {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
}

/** Secrets start with this, so that a leaked one is recognisable in logs and by secret scanners. */
export const API_KEY_SECRET_PREFIX = 'hdk_';

/** 32 random bytes: guessing is hopeless, so a fast hash (not a password hash) is enough to store it. */
export const API_KEY_SECRET_BYTES = 32;

/** The secret handed to the admin once, from cryptographically random bytes. */
export function apiKeySecret(randomBytes: Uint8Array): string {
  if (randomBytes.length < API_KEY_SECRET_BYTES)
    throw new Error(`An API key needs ${API_KEY_SECRET_BYTES} random bytes`);
  return API_KEY_SECRET_PREFIX + Buffer.from(randomBytes).toString('base64url');
}

/** A new, never used, unrevoked key from validated input. */
export function newApiKey(
  input: CreateApiKeyInput,
  { id, createdBy, now }: { id: string; createdBy: ApiKey['createdBy']; now: Date },
): ApiKey {
  return {
    id,
    name: input.name,
    scopes: input.scopes,
    createdAt: now.toISOString(),
    createdBy,
    lastUsedAt: null,
    revokedAt: null,
  };
}

export interface RateWindow {
  /** The window's start (ISO): the counter item of a key and window is named by it. */
  id: string;
  /** The window's length. */
  seconds: number;
  endsAt: Date;
  /** Whole seconds until the next window opens, at least 1: the `Retry-After` of a refused call. */
  retryAfterSeconds: number;
  /** TTL (epoch seconds) of the window's counter: kept one window past its end, then left for DynamoDB to delete. */
  expiresAt: number;
}

/**
 * The fixed window `now` falls in. Windows are aligned to the epoch, so every function instance agrees on them
 * without talking to each other.
 */
export function rateWindow(now: Date, windowSeconds: number): RateWindow {
  if (!Number.isInteger(windowSeconds) || windowSeconds < 1) {
    throw new Error('The rate window must be a whole number of seconds');
  }
  const length = windowSeconds * 1000;
  const start = Math.floor(now.getTime() / length) * length;
  const end = start + length;
  return {
    id: new Date(start).toISOString(),
    seconds: windowSeconds,
    endsAt: new Date(end),
    retryAfterSeconds: Math.max(1, Math.ceil((end - now.getTime()) / 1000)),
    expiresAt: Math.floor(end / 1000) + windowSeconds,
  };
}

/** The window in words, as in "600 requests per minute". */
export const rateWindowInWords = (windowSeconds: number): string =>
  windowSeconds === 60 ? 'minute' : `${windowSeconds} seconds`;

/** Why a call was refused, with the limit and when to come back. */
export const rateLimitMessage = (
  limit: number,
  windowSeconds: number,
  retryAfterSeconds: number,
): Message<'error.apiKey.rateLimited'> =>
  message('error.apiKey.rateLimited', { limit, windowSeconds, retryAfter: retryAfterSeconds });
