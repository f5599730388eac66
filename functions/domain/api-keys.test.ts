import { describe, expect, it } from 'vitest';
import { createApiKeySchema } from '#shared/schemas/api-key.ts';
import { validationErrorFrom } from '../lib/errors.ts';
import { englishOf } from '../lib/messages.ts';
import { apiKeySecret, newApiKey, rateLimitMessage, rateWindow } from './api-keys.ts';

describe('apiKeySecret', () => {
  it('is the hdk_ prefix and the 32 bytes in base64url', () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, i) => i * 8);
    const secret = apiKeySecret(bytes);
    expect(secret).toMatch(/^hdk_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secret.slice(4), 'base64url')).toEqual(Buffer.from(bytes));
  });

  it('refuses fewer than 32 random bytes', () => {
    expect(() => apiKeySecret(new Uint8Array(16))).toThrow('An API key needs 32 random bytes');
  });
});

describe('newApiKey', () => {
  it('starts unused and unrevoked, stamped with its creation time and creator', () => {
    const now = new Date('2025-06-01T12:00:00.000Z');
    const createdBy = { id: 'u-1', email: 'admin@example.com' };
    expect(newApiKey({ name: 'Matching engine', scopes: ['tickets:read'] }, { id: 'k-1', createdBy, now })).toEqual({
      id: 'k-1',
      name: 'Matching engine',
      scopes: ['tickets:read'],
      createdAt: '2025-06-01T12:00:00.000Z',
      createdBy,
      lastUsedAt: null,
      revokedAt: null,
    });
  });
});

describe('createApiKeySchema', () => {
  it.each([
    {
      body: { name: '  Exchange  ', scopes: ['tickets:rate', 'tickets:create', 'tickets:rate'] },
      scopes: ['tickets:create', 'tickets:rate'],
    },
    { body: { name: 'x'.repeat(100), scopes: ['tickets:read'] }, scopes: ['tickets:read'] },
  ])('accepts $body.scopes, keeping each scope once in a stable order', ({ body, scopes }) => {
    const parsed = createApiKeySchema.parse(body);
    expect(parsed.scopes).toEqual(scopes);
    expect(parsed.name).toBe(body.name.trim());
  });

  it.each([
    { body: { scopes: ['tickets:read'] }, field: 'name', message: 'Name is required' },
    { body: { name: '   ', scopes: ['tickets:read'] }, field: 'name', message: 'Name is required' },
    { body: { name: 'x'.repeat(101), scopes: ['tickets:read'] }, field: 'name', message: 'Name too long' },
    { body: { name: 'Exchange' }, field: 'scopes', message: 'Choose at least one scope' },
    { body: { name: 'Exchange', scopes: [] }, field: 'scopes', message: 'Choose at least one scope' },
    {
      body: { name: 'Exchange', scopes: ['tickets:delete'] },
      field: 'scopes.0',
      message: 'Scope must be one of: tickets:create, tickets:read, tickets:rate, tickets:reply, customers:write',
    },
  ])('refuses $body with "$message" on $field', ({ body, field, message }) => {
    const result = createApiKeySchema.safeParse(body);
    expect(result.success).toBe(false);
    const refusal = validationErrorFrom(result.error!);
    expect(refusal.message).toBe(message);
    expect(refusal.fieldErrors?.[field]?.message).toBe(message);
    expect(result.error?.issues[0]?.path.join('.')).toBe(field);
  });
});

describe('rateWindow', () => {
  it.each([
    { now: '2025-06-01T12:34:00.000Z', seconds: 60, id: '2025-06-01T12:34:00.000Z', retryAfter: 60 },
    { now: '2025-06-01T12:34:00.001Z', seconds: 60, id: '2025-06-01T12:34:00.000Z', retryAfter: 60 },
    { now: '2025-06-01T12:34:59.999Z', seconds: 60, id: '2025-06-01T12:34:00.000Z', retryAfter: 1 },
    { now: '2025-06-01T12:34:45.500Z', seconds: 60, id: '2025-06-01T12:34:00.000Z', retryAfter: 15 },
    { now: '2025-06-01T12:34:07.000Z', seconds: 5, id: '2025-06-01T12:34:05.000Z', retryAfter: 3 },
  ])('puts $now in the $seconds s window of $id, $retryAfter s before the next', ({ now, seconds, id, retryAfter }) => {
    const window = rateWindow(new Date(now), seconds);
    expect(window.id).toBe(id);
    expect(window.retryAfterSeconds).toBe(retryAfter);
    expect(window.endsAt.getTime()).toBe(new Date(id).getTime() + seconds * 1000);
  });

  it('starts a new window exactly at the end of the previous one', () => {
    const first = rateWindow(new Date('2025-06-01T12:34:59.999Z'), 60);
    expect(rateWindow(first.endsAt, 60).id).toBe('2025-06-01T12:35:00.000Z');
  });

  it('keeps the counter one window past its end before it expires', () => {
    expect(rateWindow(new Date('2025-06-01T12:34:10.000Z'), 60).expiresAt).toBe(
      Date.parse('2025-06-01T12:36:00.000Z') / 1000,
    );
  });

  it.each([0, -1, 1.5])('refuses a window of %s seconds', (seconds) => {
    expect(() => rateWindow(new Date(), seconds)).toThrow('whole number of seconds');
  });
});

describe('rateLimitMessage', () => {
  it.each([
    {
      limit: 600,
      seconds: 60,
      retryAfter: 12,
      text: 'this API key may make 600 requests per minute; retry after 12 s',
    },
    { limit: 3, seconds: 5, retryAfter: 2, text: 'this API key may make 3 requests per 5 seconds; retry after 2 s' },
  ])('states the limit of $limit per $seconds s and when to retry', ({ limit, seconds, retryAfter, text }) => {
    expect(englishOf(rateLimitMessage(limit, seconds, retryAfter))).toBe(`Rate limit exceeded: ${text}`);
  });
});
