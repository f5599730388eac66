/** A signed-in staff session for the benchmark: the cookies of `POST /api/auth/agent-login`, sent on every call. */
export class Session {
  private constructor(
    private readonly baseUrl: string,
    private readonly cookie: string,
  ) {}

  static async signIn(baseUrl: string, email: string, password: string): Promise<Session> {
    const res = await fetch(new URL('/api/auth/agent-login', baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(baseUrl).origin },
      body: JSON.stringify({ email, password }),
    });
    if (!res.ok) throw new Error(`Sign-in of ${email} failed: ${res.status} ${await res.text()}`);
    const cookie = res.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .join('; ');
    return new Session(baseUrl, cookie);
  }

  /** Sends one request; resolves with the parsed body, throws on a non-success status. */
  async request<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { cookie: this.cookie };
    if (method !== 'GET') headers.origin = new URL(this.baseUrl).origin;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}
