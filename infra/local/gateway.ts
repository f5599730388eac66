/**
 * The embedded gateway: what CloudFront + the HTTP API + the WebSocket API are in AWS, on one port.
 * - `/api/*` and `/r/*` (the rating pages) are matched against the one route table and handed to the same handler
 *   modules, as APIGatewayProxyEventV2 events (payload format 2.0);
 * - `/ws` is a WebSocket endpoint driving the `$connect` authorizer and the `$connect`/`$default`/`$disconnect`
 *   handlers;
 * - `/@connections/{id}` answers ApiGatewayManagementApiClient as AWS does (410 + GoneException for a gone
 *   connection), so the notifier's code is the same in both runtimes;
 * - everything else is the built SPA, with extension-less paths served index.html (the CloudFront function's rule).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import type { Duplex } from 'node:stream';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { WebSocketServer, type WebSocket } from 'ws';
import { HTTP_ROUTES, httpEntry, ROUTED_PREFIXES, routeKeyOf, WS_HANDLERS, type HttpRoute } from '#functions/routes.ts';
import { loadHandler } from './handlers.ts';
import { lambdaContext } from './lambda-context.ts';
import { readRequestBody } from './request-body.ts';

export interface GatewayOptions {
  port: number;
  host?: string;
  /** The built SPA; when absent only the API and the socket are served. */
  staticDir?: string;
  /** Logs one line per request when set. */
  log?: (line: string) => void;
}

export interface Gateway {
  url: string;
  port: number;
  /** Open WebSocket connections by connection id. */
  connections: ReadonlyMap<string, WebSocket>;
  close(): Promise<void>;
}

interface CompiledRoute {
  route: HttpRoute;
  pattern: RegExp;
  names: string[];
}

const MAX_BODY_BYTES = 1024 * 1024;

/** Literal segments win over parameters, as in API Gateway (`/api/tickets/overdue` before `/api/tickets/{id}`). */
function compileRoutes(): CompiledRoute[] {
  return HTTP_ROUTES.map((route) => {
    const names: string[] = [];
    const source = route.path
      .split('/')
      .map((segment) => {
        const param = segment.match(/^\{(\w+)\}$/);
        if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(param[1]!);
        return '([^/]+)';
      })
      .join('/');
    return { route, pattern: new RegExp(`^${source}$`), names };
  }).sort((a, b) => a.names.length - b.names.length);
}

const readBody = (req: IncomingMessage) => readRequestBody(req, MAX_BODY_BYTES);

/** Headers as API Gateway v2 passes them: lower-case names, repeated values joined by commas, no Cookie. */
function eventHeaders(req: IncomingMessage): { headers: Record<string, string>; cookies: string[] } {
  const headers: Record<string, string> = {};
  let cookies: string[] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (name === 'cookie') {
      cookies = String(value)
        .split(';')
        .map((c) => c.trim())
        .filter(Boolean);
      continue;
    }
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  headers['x-forwarded-proto'] ??= 'http';
  headers['x-forwarded-for'] ??= req.socket.remoteAddress ?? '127.0.0.1';
  return { headers, cookies };
}

function queryParameters(search: URLSearchParams): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const key of new Set(search.keys())) out[key] = search.getAll(key).join(',');
  return Object.keys(out).length ? out : undefined;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const host = options.host ?? '127.0.0.1';
  const routes = compileRoutes();
  const staticRoot = options.staticDir ? resolve(options.staticDir) : undefined;
  const connections = new Map<string, WebSocket>();
  const connectionMeta = new Map<
    string,
    { connectedAt: string; lastActiveAt: string; sourceIp: string; userAgent: string }
  >();
  const wss = new WebSocketServer({ noServer: true });
  const log = options.log ?? (() => undefined);

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const method = (req.method ?? 'GET').toUpperCase();
    const match = routes
      .filter((c) => c.route.method === method)
      .map((c) => ({ c, m: c.pattern.exec(url.pathname) }))
      .find((x) => x.m);
    if (!match) {
      sendJson(res, 404, { message: 'Not Found' });
      return;
    }
    const { route, names } = match.c;
    const pathParameters = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match.m![i + 1]!)]));
    const body = await readBody(req);
    const { headers, cookies } = eventHeaders(req);
    const now = new Date();
    const routeKey = routeKeyOf(route);
    const event: APIGatewayProxyEventV2 = {
      version: '2.0',
      routeKey,
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      cookies: cookies.length ? cookies : undefined,
      headers,
      queryStringParameters: queryParameters(url.searchParams),
      pathParameters: names.length ? pathParameters : undefined,
      requestContext: {
        accountId: 'local',
        apiId: 'local',
        domainName: headers.host ?? host,
        domainPrefix: 'local',
        http: {
          method,
          path: url.pathname,
          protocol: `HTTP/${req.httpVersion}`,
          sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
          userAgent: headers['user-agent'] ?? '',
        },
        requestId: randomUUID(),
        routeKey,
        stage: '$default',
        time: now.toUTCString(),
        timeEpoch: now.getTime(),
      },
      body: body.length ? body.toString('utf8') : undefined,
      isBase64Encoded: false,
    };
    const handler = await loadHandler(httpEntry(route.group));
    const result = (await handler(
      event,
      lambdaContext(`helpdesk-${route.group}`),
    )) as APIGatewayProxyStructuredResultV2;
    const responseHeaders: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(result.headers ?? {})) responseHeaders[k] = String(v);
    if (result.cookies?.length) responseHeaders['set-cookie'] = result.cookies;
    res.writeHead(result.statusCode ?? 200, responseHeaders);
    res.end(result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined);
  }

  /** The management API's `@connections` resource, as AWS answers it. */
  async function handleConnections(req: IncomingMessage, res: ServerResponse, url: URL) {
    const id = decodeURIComponent(url.pathname.slice('/@connections/'.length));
    const socket = connections.get(id);
    const gone = () =>
      sendJson(res, 410, { message: `Connection ${id} is gone` }, { 'x-amzn-errortype': 'GoneException' });
    if (!socket || socket.readyState !== socket.OPEN) {
      await readBody(req);
      gone();
      return;
    }
    switch (req.method) {
      case 'POST': {
        const data = await readBody(req);
        socket.send(data.toString('utf8'));
        const meta = connectionMeta.get(id);
        if (meta) meta.lastActiveAt = new Date().toISOString();
        res.writeHead(200).end();
        return;
      }
      case 'DELETE':
        socket.close(1000, 'Closed by the server');
        res.writeHead(204).end();
        return;
      case 'GET': {
        const meta = connectionMeta.get(id)!;
        sendJson(res, 200, {
          ConnectedAt: meta.connectedAt,
          LastActiveAt: meta.lastActiveAt,
          Identity: { SourceIp: meta.sourceIp, UserAgent: meta.userAgent },
        });
        return;
      }
      default:
        sendJson(res, 405, { message: 'Method not allowed' });
    }
  }

  async function handleStatic(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (!staticRoot) {
      sendJson(res, 404, { message: 'Not Found' });
      return;
    }
    const relative = normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, '');
    let file = join(staticRoot, relative);
    if (!file.startsWith(staticRoot)) {
      sendJson(res, 400, { message: 'Bad path' });
      return;
    }
    let info = await stat(file).catch(() => undefined);
    // The SPA owns every extension-less path; a missing file with an extension is a real 404.
    if (!info?.isFile()) {
      if (extname(relative)) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
        return;
      }
      file = join(staticRoot, 'index.html');
      info = await stat(file).catch(() => undefined);
      if (!info) {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('The web app has not been built');
        return;
      }
    }
    const immutable = relative.startsWith('assets/');
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': info.size,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? host}`);
    const started = Date.now();
    const routed = ROUTED_PREFIXES.some((prefix) => url.pathname.startsWith(prefix));
    const work = routed
      ? handleApi(req, res, url)
      : url.pathname.startsWith('/@connections/')
        ? handleConnections(req, res, url)
        : handleStatic(req, res, url);
    work
      .catch((error: Error & { statusCode?: number }) => {
        if (!res.headersSent)
          sendJson(res, error.statusCode ?? 502, { message: error.statusCode ? error.message : 'Bad gateway' });
        else res.destroy();
        if (!error.statusCode) console.error(error);
      })
      .finally(() => {
        if (routed) log(`${req.method} ${url.pathname} ${res.statusCode} ${Date.now() - started}ms`);
      });
  });

  // Idle keep-alive connections stay open as long as CloudFront's (60 s) rather than Node's default 5 s, so that a
  // client reusing a connection after a pause does not race the server closing it ("socket hang up").
  server.keepAliveTimeout = 61_000;
  server.headersTimeout = 62_000;

  function refuseUpgrade(socket: Duplex, status: number, text: string) {
    socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    socket.destroy();
  }

  /** `$connect`: the authorizer decides, then the connect handler records the connection. */
  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? host}`);
    if (url.pathname !== '/ws') return refuseUpgrade(socket, 404, 'Not Found');
    const connectionId = `${randomBytes(12).toString('base64url')}=`;
    const rawHeaders: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (v !== undefined) rawHeaders[k] = Array.isArray(v) ? v.join(',') : v;
    const requestContext = {
      routeKey: '$connect',
      eventType: 'CONNECT',
      connectionId,
      domainName: rawHeaders.host ?? host,
      stage: 'ws',
      apiId: 'local',
      requestId: randomUUID(),
      connectedAt: Date.now(),
      requestTimeEpoch: Date.now(),
      identity: { sourceIp: req.socket.remoteAddress ?? '127.0.0.1', userAgent: rawHeaders['user-agent'] ?? '' },
    };
    const authorizer = await loadHandler(WS_HANDLERS.authorizer);
    const decision = await authorizer(
      {
        type: 'REQUEST',
        methodArn: `arn:aws:execute-api:local:000000000000:local/ws/$connect`,
        headers: rawHeaders,
        queryStringParameters: queryParameters(url.searchParams) ?? {},
        requestContext,
      },
      lambdaContext('helpdesk-ws-authorizer'),
    ).catch(() => undefined);
    const allowed = decision?.policyDocument?.Statement?.some((s: { Effect: string }) => s.Effect === 'Allow');
    if (!allowed) return refuseUpgrade(socket, 401, 'Unauthorized');
    const authorizerContext = { ...(decision.context ?? {}), principalId: decision.principalId };

    const connect = await loadHandler(WS_HANDLERS.connect);
    const connected = await connect(
      {
        requestContext: { ...requestContext, authorizer: authorizerContext },
        headers: rawHeaders,
        isBase64Encoded: false,
      },
      lambdaContext('helpdesk-ws-connect'),
    );
    if ((connected?.statusCode ?? 200) >= 400) return refuseUpgrade(socket, 403, 'Forbidden');

    wss.handleUpgrade(req, socket, head, (ws) => {
      const now = new Date().toISOString();
      connections.set(connectionId, ws);
      connectionMeta.set(connectionId, {
        connectedAt: now,
        lastActiveAt: now,
        sourceIp: requestContext.identity.sourceIp,
        userAgent: requestContext.identity.userAgent,
      });
      const context = (routeKey: string, eventType: string) => ({
        ...requestContext,
        routeKey,
        eventType,
        requestId: randomUUID(),
        requestTimeEpoch: Date.now(),
        authorizer: authorizerContext,
      });
      ws.on('message', (data) => {
        void loadHandler(WS_HANDLERS.default)
          .then((fn) =>
            fn(
              { requestContext: context('$default', 'MESSAGE'), body: data.toString(), isBase64Encoded: false },
              lambdaContext('helpdesk-ws-default'),
            ),
          )
          .catch((error) => console.error('ws $default failed', error));
      });
      ws.on('close', () => {
        connections.delete(connectionId);
        connectionMeta.delete(connectionId);
        void loadHandler(WS_HANDLERS.disconnect)
          .then((fn) =>
            fn({ requestContext: context('$disconnect', 'DISCONNECT') }, lambdaContext('helpdesk-ws-disconnect')),
          )
          .catch((error) => console.error('ws $disconnect failed', error));
      });
    });
  }

  server.on('upgrade', (req, socket, head) => {
    upgrade(req, socket, head).catch((error) => {
      console.error('ws $connect failed', error);
      refuseUpgrade(socket, 500, 'Internal Server Error');
    });
  });

  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolvePromise());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  return {
    url: `http://${host}:${port}`,
    port,
    connections,
    async close() {
      for (const ws of connections.values()) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
