/**
 * The embedded gateway: what CloudFront + the HTTP API + the WebSocket API are in AWS, on one port. This module
 * owns the port and sends each request to the part that serves it:
 * - `/api/*` and `/r/*` (the rating pages) to the HTTP API (gateway-api.ts);
 * - `/ws` upgrades and `/@connections/{id}` to the WebSocket API and its management endpoint (gateway-websocket.ts);
 * - everything else to the built SPA (gateway-static.ts).
 * Every answer carries the security headers CloudFront's response headers policy sets (infra/security-headers.ts);
 * while the runtime is not ready (demo data being seeded, a part restarting) pages, API calls and sockets get a 503
 * with Retry-After (ADRs 060-062).
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import type { WebSocket } from 'ws';
import type { Availability } from './availability.ts';
import { httpApi, isRouted } from './gateway-api.ts';
import { sendJson } from './gateway-http.ts';
import { siteHeaders, staticSite } from './gateway-static.ts';
import { CONNECTIONS_PREFIX, webSocketApi } from './gateway-websocket.ts';
import { BodyTooLargeError, declaredTooLarge, MAX_API_BODY_BYTES } from './request-body.ts';

export interface GatewayOptions {
  port: number;
  host?: string;
  /** The built SPA; when absent only the API and the socket are served. */
  staticDir?: string;
  /** Logs one line per request when set. */
  log?: (line: string) => void;
  /** Consulted on every request: while it reports a reason, pages, API calls and sockets are answered 503. */
  availability?: Availability;
  /** The S3 emulator's origin, which the CSP lets the page upload to and load thumbnails from (ADR 094). */
  attachmentOrigins?: readonly string[];
}

export interface Gateway {
  url: string;
  port: number;
  /** Open WebSocket connections by connection id. */
  connections: ReadonlyMap<string, WebSocket>;
  close(): Promise<void>;
}

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const host = options.host ?? '127.0.0.1';
  const staticRoot = options.staticDir ? resolve(options.staticDir) : undefined;
  const log = options.log ?? (() => undefined);
  const availability: Availability = options.availability ?? (() => undefined);

  const site = await siteHeaders(staticRoot, { attachmentOrigins: options.attachmentOrigins ?? [] });
  const handleApi = httpApi({ host, availability, securityHeaderNames: site.names });
  const handleStatic = staticSite(staticRoot, availability);
  const sockets = webSocketApi({ host, availability, securityHeaders: site.latest });

  async function route(req: IncomingMessage, res: ServerResponse, url: URL) {
    for (const [name, value] of Object.entries(await site.current())) res.setHeader(name, value);
    if (isRouted(url.pathname)) return handleApi(req, res, url);
    if (url.pathname.startsWith(CONNECTIONS_PREFIX)) return sockets.handleConnections(req, res, url);
    return handleStatic(req, res, url);
  }

  function onRequest(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? host}`);
    const started = Date.now();
    route(req, res, url)
      .catch((error: Error & { statusCode?: number }) => {
        if (error instanceof BodyTooLargeError) return;
        if (!res.headersSent)
          sendJson(res, error.statusCode ?? 502, { message: error.statusCode ? error.message : 'Bad gateway' });
        else res.destroy();
        if (!error.statusCode) console.error(error);
      })
      .finally(() => {
        if (isRouted(url.pathname)) log(`${req.method} ${url.pathname} ${res.statusCode} ${Date.now() - started}ms`);
      });
  }

  const server = http.createServer(onRequest);
  // A client that asks before sending a large body (`Expect: 100-continue`, as curl does) is refused before it
  // sends anything; every other request is told to go on.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (!isRouted(req.url ?? '') || !declaredTooLarge(req, MAX_API_BODY_BYTES)) res.writeContinue();
    onRequest(req, res);
  });
  server.on('upgrade', (req, socket, head) => sockets.handleUpgrade(req, socket, head));

  // Idle keep-alive connections stay open as long as CloudFront's (60 s) rather than Node's default 5 s, so that a
  // client reusing a connection after a pause does not race the server closing it ("socket hang up").
  server.keepAliveTimeout = 61_000;
  server.headersTimeout = 62_000;

  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolvePromise());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  return {
    url: `http://${host}:${port}`,
    port,
    connections: sockets.connections,
    async close() {
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
