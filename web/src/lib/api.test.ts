import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api.ts';

function stubFetch(response: Response) {
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends cookies and no content type on a read', async () => {
    const fetch = stubFetch(Response.json({ ok: 1 }));
    await expect(api.get('/api/things')).resolves.toEqual({ ok: 1 });
    const init = fetch.mock.calls[0]?.[1];
    expect(init).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(init?.headers).toBeUndefined();
    expect(init?.body).toBeUndefined();
  });

  it('sends a JSON body with its content type on a write', async () => {
    const fetch = stubFetch(new Response(null, { status: 204 }));
    await expect(api.post('/api/things', { name: 'x' })).resolves.toBeUndefined();
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: '{"name":"x"}',
      headers: { 'Content-Type': 'application/json' },
    });
  });

  it('turns an error answer into ApiError carrying the server message and body', async () => {
    stubFetch(Response.json({ message: 'Bad input', errors: { email: 'Required' } }, { status: 400 }));
    const error = await api.post('/api/things', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: '400: Bad input', body: { errors: { email: 'Required' } } });
  });

  it('uses the body text, then the status text, when the answer has no JSON message', async () => {
    stubFetch(new Response('upstream timed out', { status: 504 }));
    await expect(api.get('/api/x')).rejects.toThrow('504: upstream timed out');
    stubFetch(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    await expect(api.get('/api/x')).rejects.toThrow('503: Service Unavailable');
  });

  it('reads a 401 as "signed out" only where asked to', async () => {
    stubFetch(Response.json({ message: 'Unauthorized' }, { status: 401 }));
    await expect(api.getOrNullWhenSignedOut('/api/auth/user')).resolves.toBeNull();
    stubFetch(Response.json({ message: 'Unauthorized' }, { status: 401 }));
    await expect(api.get('/api/auth/user')).rejects.toMatchObject({ status: 401 });
  });
});
