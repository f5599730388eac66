import { describe, expect, it } from 'vitest';
import { isSameOrigin, pageFormSite } from './origin.ts';

const SITE = { host: 'desk.example.com' };

describe('isSameOrigin', () => {
  it.each([
    [{ ...SITE, origin: 'https://desk.example.com' }, true],
    [{ host: 'api.internal', 'x-forwarded-host': 'desk.example.com', origin: 'https://desk.example.com' }, true],
    [{ ...SITE, origin: 'https://evil.example' }, false],
    [{ ...SITE, origin: 'null' }, false],
    [{ ...SITE, referer: 'https://desk.example.com/r/x' }, false],
    [{ ...SITE }, false],
  ])('%j → %s', (headers, same) => {
    expect(isSameOrigin(headers)).toBe(same);
  });
});

describe('pageFormSite', () => {
  it.each([
    [{ ...SITE, origin: 'https://desk.example.com' }, 'same'],
    [{ ...SITE, origin: 'https://evil.example', referer: 'https://desk.example.com/r/x' }, 'cross'],
    [{ ...SITE, referer: 'https://desk.example.com/r/x?score=4' }, 'same'],
    [{ ...SITE, origin: 'null', referer: 'https://desk.example.com/r/x' }, 'same'],
    [{ ...SITE, referer: 'https://evil.example/r/x' }, 'cross'],
    [{ ...SITE, referer: 'https://desk.example.com.evil.example/' }, 'cross'],
    [{ ...SITE, referer: 'not a url' }, 'cross'],
    [{ ...SITE, referer: 'https://desk.example.com/', 'sec-fetch-site': 'cross-site' }, 'cross'],
    [{ ...SITE, 'sec-fetch-site': 'same-origin' }, 'unknown'],
    [{ ...SITE, origin: 'null' }, 'unknown'],
    [{ ...SITE }, 'unknown'],
    [{ referer: 'https://desk.example.com/' }, 'cross'],
  ])('%j → %s', (headers, site) => {
    expect(pageFormSite(headers)).toBe(site);
  });
});
