/**
 * Integration tests talk HTTP to the embedded gateway, started in the test process on a free port: the route
 * table, cookies, CSRF rule and handlers are all exercised as a browser or an upstream system would.
 */
import http from 'node:http';
import { startGateway, type Gateway } from '#infra/local/gateway.ts';
import { resetConfigForTests } from '#functions/lib/config.ts';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
}

/** Starts the gateway (API, WebSocket, @connections) on a free port; close it in afterAll. */
export async function startApi(): Promise<Gateway> {
  const gateway = await startGateway({ port: 0 });
  // The notifier posts to this gateway's @connections endpoint, as it would to API Gateway's in AWS.
  process.env.WS_MANAGEMENT_ENDPOINT = gateway.url;
  resetConfigForTests();
  return gateway;
}

/**
 * A caller with its own cookie jar. Writes carry a same-origin `Origin`, as the browser's would; JSON bodies are
 * sent with `Content-Type: application/json` only when there is a body (docs/product.md §7).
 */
export class ApiClient {
  private readonly jar = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly defaults: {
      headers?: Record<string, string>;
      /**
       * The loopback address requests leave from (127.0.0.2 and up are this machine too): the gateway sees it as the
       * client's address, so a test can act as a client of its own without sharing 127.0.0.1's sign-in counters.
       */
      sourceAddress?: string;
    } = {},
  ) {}

  /** A client that authenticates with an API key instead of cookies. */
  static withApiKey(baseUrl: string, key: string): ApiClient {
    return new ApiClient(baseUrl, { headers: { authorization: `Bearer ${key}` } });
  }

  /** Signs in through `POST /api/auth/agent-login`; throws unless it succeeds. */
  async signIn(email: string, password: string): Promise<ApiResponse> {
    const res = await this.post('/api/auth/agent-login', { email, password });
    if (res.status !== 200) throw new Error(`Sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  }

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  setCookie(name: string, value: string): void {
    this.jar.set(name, value);
  }

  /** The Cookie header this client would send (for WebSocket upgrades). */
  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, undefined, options);
  }
  post<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, body, options);
  }
  put<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, body, options);
  }
  patch<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, body, options);
  }
  delete<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, undefined, options);
  }

  async request<T>(
    method: string,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const url = new URL(path, this.baseUrl);
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { ...this.defaults.headers };
    if (method !== 'GET') headers.origin = new URL(this.baseUrl).origin;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.jar.size) headers.cookie = this.cookieHeader();
    Object.assign(headers, options.headers);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const res = this.defaults.sourceAddress
      ? await requestFrom(this.defaults.sourceAddress, method, url, headers, payload)
      : await fetch(url, { method, headers, body: payload, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('application/json') && text) parsed = JSON.parse(text);
    return { status: res.status, body: parsed as T, headers: res.headers };
  }
}

/** One request over node:http from a given local address, answered as a fetch Response. */
function requestFrom(
  localAddress: string,
  method: string,
  url: URL,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
            responseHeaders.append(name, v);
          }
        }
        const status = res.statusCode ?? 0;
        const nullBody = status === 204 || status === 304 || (status >= 300 && status < 400 && !chunks.length);
        resolve(new Response(nullBody ? null : Buffer.concat(chunks), { status, headers: responseHeaders }));
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
