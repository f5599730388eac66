/**
 * A request body over API Gateway's 10 MB payload quota is refused by the embedded gateway exactly as the HTTP API
 * refuses it, 413 with `{"message":"Request Entity Too Large"}`, and the client gets that answer: the connection
 * is neither reset under it nor left unusable.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '#infra/local/gateway.ts';
import { MAX_API_BODY_BYTES } from '#infra/local/request-body.ts';
import { ApiClient, startApi } from './support/api.ts';
import { createStaffUser, type StaffFixture } from './support/fixtures.ts';

let api: Gateway;
let admin: StaffFixture;

beforeAll(async () => {
  api = await startApi();
  admin = await createStaffUser({ role: 'admin' });
});
afterAll(() => api.close());

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Whether `100 Continue` came before the answer. */
  continued: boolean;
  reusedSocket: boolean;
}

/**
 * Sends a request with Node's own HTTP client: with `chunks` the body goes out chunk by chunk (chunked transfer
 * encoding unless a content-length header is given); with `expectContinue` the body waits for `100 Continue`.
 */
function rawRequest(options: {
  path: string;
  headers?: Record<string, string>;
  chunks?: Buffer[];
  expectContinue?: boolean;
  agent?: http.Agent;
  cookie?: string;
}): Promise<RawAnswer> {
  const url = new URL(options.path, api.url);
  return new Promise((resolve, reject) => {
    let continued = false;
    const req = http.request(
      url,
      {
        method: 'POST',
        agent: options.agent,
        headers: {
          origin: new URL(api.url).origin,
          'content-type': 'application/json',
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.expectContinue ? { expect: '100-continue' } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (chunk: Buffer) => parts.push(chunk));
        res.on('end', () => {
          const answer = {
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(parts).toString('utf8'),
            continued,
            reusedSocket: req.reusedSocket,
          };
          // The answer may come before the whole body has gone out; the socket is free only once it has.
          if (req.writableFinished || options.expectContinue) resolve(answer);
          else req.once('finish', () => resolve(answer));
        });
      },
    );
    req.on('error', reject);
    const send = () => {
      for (const chunk of options.chunks ?? []) req.write(chunk);
      req.end();
    };
    if (options.expectContinue) {
      req.on('continue', () => {
        continued = true;
        send();
      });
    } else send();
  });
}

const filler = (bytes: number): Buffer => Buffer.alloc(bytes, 0x61);

describe('request bodies over 10 MB', () => {
  it('answers 413 with API Gateway’s JSON message to a body that declares more than 10 MB', async () => {
    const size = MAX_API_BODY_BYTES + 1;
    const res = await fetch(new URL('/api/tickets', api.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(api.url).origin },
      body: new Uint8Array(filler(size)),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ message: 'Request Entity Too Large' });
    // The site's headers are on this answer too.
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 413 to a chunked body that grows past 10 MB without saying so up front', async () => {
    const chunk = filler(1024 * 1024);
    const res = await rawRequest({ path: '/api/tickets', chunks: Array.from({ length: 11 }, () => chunk) });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ message: 'Request Entity Too Large' });
  });

  it('keeps the connection usable after the 413: the next request on the same socket is answered', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const tooLarge = await rawRequest({
        path: '/api/tickets',
        agent,
        headers: { 'content-length': String(MAX_API_BODY_BYTES + 10) },
        chunks: [filler(MAX_API_BODY_BYTES + 10)],
      });
      expect(tooLarge.status).toBe(413);
      const next = await rawRequest({ path: '/api/auth/agent-login', agent, chunks: [Buffer.from('{}')] });
      expect(next.reusedSocket).toBe(true);
      expect(next.status).toBe(400);
    } finally {
      agent.destroy();
    }
  });

  it('refuses a client waiting for 100 Continue before it sends any of its body', async () => {
    const res = await rawRequest({
      path: '/api/tickets',
      expectContinue: true,
      headers: { 'content-length': String(MAX_API_BODY_BYTES + 1) },
      chunks: [filler(MAX_API_BODY_BYTES + 1)],
    });
    expect(res.status).toBe(413);
    expect(res.continued).toBe(false);
    expect(JSON.parse(res.body)).toEqual({ message: 'Request Entity Too Large' });
  });

  it('hands a body of exactly 10 MB to the route, which judges it (here: too long a description)', async () => {
    const client = new ApiClient(api.url);
    await client.signIn(admin.email, admin.password);
    const prefix = '{"subject":"A very big ticket","category":"kyc","customerEmail":"big@example.com","description":"';
    const suffix = '"}';
    const body = Buffer.concat([
      Buffer.from(prefix),
      filler(MAX_API_BODY_BYTES - prefix.length - suffix.length),
      Buffer.from(suffix),
    ]);
    expect(body.length).toBe(MAX_API_BODY_BYTES);
    const res = await rawRequest({ path: '/api/tickets', chunks: [body], cookie: client.cookieHeader() });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).message).toMatch(/description/i);
  });

  it('lets an ordinary request through a continue handshake', async () => {
    const res = await rawRequest({
      path: '/api/auth/agent-login',
      expectContinue: true,
      chunks: [Buffer.from(JSON.stringify({ email: admin.email, password: admin.password }))],
    });
    expect(res.continued).toBe(true);
    expect(res.status).toBe(200);
  });
});
