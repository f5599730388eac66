import { beforeEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../../lib/config.ts';
import { forgetKeysForTests, newAppSecret } from '../../lib/secrets.ts';
import { fileToken, ratingToken, readFileToken, readRatingToken, replyToken, ticketOfReplyToken } from './tokens.ts';

beforeEach(() => {
  Object.assign(process.env, { TABLE_NAME: 't', COGNITO_USER_POOL_ID: 'p', COGNITO_CLIENT_ID: 'c' });
  process.env.APP_SECRET = newAppSecret();
  resetConfigForTests();
  forgetKeysForTests();
});

describe('the reply token', () => {
  it('names its ticket, in lower case only, whatever case a mail system hands it back in', async () => {
    const token = await replyToken(42);
    expect(token).toMatch(/^42\.[a-z2-7]{26}$/);
    expect(await ticketOfReplyToken(token)).toBe(42);
    expect(await ticketOfReplyToken(token.toUpperCase())).toBe(42);
  });

  it("refuses a token changed to another ticket, a forged one, and one made with another installation's secret", async () => {
    const token = await replyToken(42);
    expect(await ticketOfReplyToken(token.replace(/^42\./, '43.'))).toBeUndefined();
    expect(await ticketOfReplyToken(`42.${'a'.repeat(26)}`)).toBeUndefined();
    expect(await ticketOfReplyToken('42')).toBeUndefined();
    expect(await ticketOfReplyToken('')).toBeUndefined();
    process.env.APP_SECRET = newAppSecret();
    resetConfigForTests();
    forgetKeysForTests();
    expect(await ticketOfReplyToken(token)).toBeUndefined();
  });

  it('is not a rating token, nor the other way round', async () => {
    const rating = await ratingToken({
      ticketId: 42,
      nonce: '0123456789abcdef',
      expiresAt: new Date(Date.now() + 1e6),
    });
    expect(await ticketOfReplyToken(rating)).toBeUndefined();
    expect(await readRatingToken(await replyToken(42), new Date())).toEqual({ status: 'invalid' });
  });
});

describe('the rating token', () => {
  const expiresAt = new Date('2026-12-24T10:00:00.000Z');
  const link = { ticketId: 7, nonce: 'fedcba9876543210', expiresAt };

  it('is URL-safe and reads back as valid until it expires, then as expired', async () => {
    const token = await ratingToken(link);
    expect(token).toMatch(/^7\.[0-9a-z]+\.fedcba9876543210\.[A-Za-z0-9_-]{22}$/);
    expect(await readRatingToken(token, new Date('2026-12-24T09:59:59.000Z'))).toEqual({ status: 'valid', link });
    expect(await readRatingToken(token, expiresAt)).toEqual({ status: 'expired', link });
  });

  it('is invalid once any part is changed: the ticket, the expiry, the nonce or the signature', async () => {
    const token = await ratingToken(link);
    const [id, expiry, nonce, signature] = token.split('.') as [string, string, string, string];
    const now = new Date('2026-11-24T00:00:00.000Z');
    for (const changed of [
      ['8', expiry, nonce, signature],
      [id, (Number.parseInt(expiry, 36) + 86_400).toString(36), nonce, signature],
      [id, expiry, '0000000000000000', signature],
      [id, expiry, nonce, `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`],
    ]) {
      expect(await readRatingToken(changed.join('.'), now)).toEqual({ status: 'invalid' });
    }
    expect(await readRatingToken('not-a-token', now)).toEqual({ status: 'invalid' });
  });
});

describe('the file link token', () => {
  const attachmentId = '0f8fad5b-d9cb-469f-a165-70867728950e';
  const now = new Date('2026-11-27T08:00:00Z');
  const expiresAt = new Date('2026-12-04T08:00:00Z');

  it('names one file of one ticket until it expires', async () => {
    const token = await fileToken({ ticketId: 42, attachmentId, expiresAt });
    expect(token).toMatch(/^42\.[0-9a-f-]{36}\.[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
    expect(await readFileToken(token, now)).toEqual({
      status: 'valid',
      link: { ticketId: 42, attachmentId, expiresAt },
    });
    expect((await readFileToken(token, new Date('2026-12-05T00:00:00Z'))).status).toBe('expired');
  });

  it('refuses a token moved to another ticket or file, with its expiry pushed back, or forged', async () => {
    const token = await fileToken({ ticketId: 42, attachmentId, expiresAt });
    const [, , expiry, signature] = token.split('.');
    const later = (Number.parseInt(expiry!, 36) + 86_400).toString(36);
    for (const tampered of [
      token.replace(/^42\./, '43.'),
      token.replace(attachmentId, '1f8fad5b-d9cb-469f-a165-70867728950e'),
      `42.${attachmentId}.${later}.${signature}`,
      `42.${attachmentId}.${expiry}.${'A'.repeat(22)}`,
      '',
      'not-a-token',
    ]) {
      expect(await readFileToken(tampered, now), tampered).toEqual({ status: 'invalid' });
    }
  });

  it('is not a rating token, nor the other way round', async () => {
    const rating = await ratingToken({ ticketId: 42, nonce: '0123456789abcdef', expiresAt });
    expect(await readFileToken(rating, now)).toEqual({ status: 'invalid' });
  });
});
