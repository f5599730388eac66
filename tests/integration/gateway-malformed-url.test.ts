/**
 * An address that does not percent-decode (a broken escape, bytes that are not UTF-8) is the client's mistake: the
 * embedded gateway answers it 400 with a page saying so, for the web app's paths as the handlers do for `/api`'s,
 * never a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishText } from '../english.ts';
import { type Site, startSite } from './support/site.ts';

let site: Site;

beforeAll(async () => {
  site = await startSite('<!doctype html><html><body><div id="root"></div></body></html>');
});
afterAll(() => site.close());

const get = (path: string, init?: RequestInit) => fetch(new URL(path, site.gateway.url), init);
const MALFORMED = englishText('error.malformedUrl');

describe('a page address that does not decode', () => {
  it.each([
    ['a broken escape', '/%E0%A4%A'],
    ['a lone percent sign', '/tickets/50%'],
    ['bytes that are not UTF-8', '/%FF%FE'],
    ['a broken escape in a file name', '/assets/%E0%A4%A.js'],
  ])('gets 400 and a page saying the URL is malformed: %s', async (_what, path) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const page = await res.text();
    expect(page).toContain(`<h1>${englishText('page.requestRefused')}</h1>`);
    expect(page).toContain(`<p>${MALFORMED}</p>`);
  });

  it('gets the same status and words as an API address that does not decode', async () => {
    const api = await get('/api/tickets/%E0%A4%A');
    expect(api.status).toBe(400);
    expect(((await api.json()) as { code: string; message: string }).message).toBe(MALFORMED);
  });

  it('leaves well-formed escapes alone: the shell for a route, the file for an asset', async () => {
    expect((await get('/tickets/%C3%A9t%C3%A9')).status).toBe(200);
    expect((await get('/assets/%61pp.js')).status).toBe(200);
  });

  it('answers HEAD with the status and no body', async () => {
    const res = await get('/%E0%A4%A', { method: 'HEAD' });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('');
  });
});
