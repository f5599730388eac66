/**
 * A signed-in staff session for the benchmark: the cookies of `POST /api/auth/agent-login`, sent on every call.
 * Plain node:http over kept-alive connections: the load generator shares the machine with the API it measures,
 * so it should spend as little CPU per request as a client can.
 */
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function send(url: URL, method: string, headers: Record<string, string>, body?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export class Session {
  private constructor(
    private readonly baseUrl: string,
    private readonly cookie: string,
  ) {}

  static async signIn(baseUrl: string, email: string, password: string): Promise<Session> {
    const res = await send(
      new URL('/api/auth/agent-login', baseUrl),
      'POST',
      { 'content-type': 'application/json', origin: new URL(baseUrl).origin },
      JSON.stringify({ email, password }),
    );
    if (res.status !== 200) throw new Error(`Sign-in of ${email} failed: ${res.status} ${res.body}`);
    const cookie = (res.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]!).join('; ');
    return new Session(baseUrl, cookie);
  }

  /** Sends one request; resolves with the body text, throws on a non-success status. */
  async call(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<string> {
    const headers: Record<string, string> = { cookie: this.cookie, ...extraHeaders };
    if (method !== 'GET') headers.origin = new URL(this.baseUrl).origin;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await send(
      new URL(path, this.baseUrl),
      method,
      headers,
      body === undefined ? undefined : JSON.stringify(body),
    );
    if (res.status < 200 || res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.body}`);
    return res.body;
  }

  /** A GET answered with a redirect (a download's 60 s link): where it points. */
  async location(path: string): Promise<string> {
    const res = await send(new URL(path, this.baseUrl), 'GET', { cookie: this.cookie });
    const to = res.headers.location;
    if (res.status !== 302 || typeof to !== 'string') throw new Error(`GET ${path}: ${res.status} ${res.body}`);
    return to;
  }

  /** `call`, with the body parsed as JSON. */
  async request<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const text = await this.call(method, path, body);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}
