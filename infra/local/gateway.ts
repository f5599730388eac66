/**
 * The embedded gateway: what CloudFront + the HTTP API + the WebSocket API are in AWS, on one port.
 * - `/api/*` and `/r/*` (the rating pages) are matched against the one route table and handed to the same handler
 *   modules, as APIGatewayProxyEventV2 events (payload format 2.0);
 * - `/ws` is a WebSocket endpoint driving the `$connect` authorizer and the `$connect`/`$default`/`$disconnect`
 *   handlers;
 * - `/@connections/{id}` answers ApiGatewayManagementApiClient as AWS does (POST sends a frame, DELETE closes the
 *   socket, GET describes it; 410 + GoneException for a gone connection), so the notifier's code is the same in both
 *   runtimes;
 * - everything else is the built SPA, with extension-less paths served index.html (the CloudFront function's rule).
 * Every answer carries the security headers CloudFront's response headers policy sets (infra/security-headers.ts);
 * API bodies over 10 MB get API Gateway's 413; while the runtime is not ready (demo data being seeded, a part
 * restarting) pages and API calls get a 503 with Retry-After (ADRs 060-062).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import type { Duplex } from 'node:stream';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { WebSocketServer, type WebSocket } from 'ws';
import { refusalPage } from '#functions/http/html.ts';
import { englishText } from '#functions/lib/messages.ts';
import { httpEntry, ROUTED_PREFIXES, WS_HANDLERS } from '#functions/api/routes.ts';
import { routeKeyOf } from '#functions/http/route-key.ts';
import { securityHeaders, type SecurityHeaders } from '../security-headers.ts';
import { answerUnavailableJson, answerUnavailablePage, type Availability } from './availability.ts';
import {
  CONTENT_TYPES,
  compileRoutes,
  decodedPath,
  decodePathSegment,
  eventHeaders,
  queryParameters,
  sendJson,
  utf8Text,
} from './gateway-http.ts';
import { loadHandler } from './handlers.ts';
import { lambdaContext } from './lambda-context.ts';
import { answerTooLarge, BodyTooLargeError, declaredTooLarge, MAX_API_BODY_BYTES, readBody } from './request-body.ts';

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

/** Whether a path is the route table's (`/api/…`, `/r/…`) rather than the web app's. */
const isRouted = (path: string) => ROUTED_PREFIXES.some((prefix) => path.startsWith(prefix));

/** A page address that does not decode is the client's mistake: 400 and a page saying so, as `/api` answers it. */
function answerMalformedPath(req: IncomingMessage, res: ServerResponse): void {
  const page = refusalPage(englishText('page.requestRefused'), englishText('error.malformedUrl'));
  res.writeHead(400, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(page)),
  });
  res.end(req.method === 'HEAD' ? undefined : page);
}

/** What the management API's `@connections` endpoint accepts; frames are far smaller. */
const CONNECTIONS_MAX_BODY_BYTES = 1024 * 1024;

/** How often the shell's mtime is checked for a rebuild (the CSP hashes its inline script). */
const SHELL_CHECK_MS = 1_000;

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
  const availability: Availability = options.availability ?? (() => undefined);

  // The security headers follow the shell: a rebuild of the SPA changes its inline script, and so the CSP's hash.
  const policy = { attachmentOrigins: options.attachmentOrigins ?? [] };
  let siteHeaders: SecurityHeaders = securityHeaders(undefined, policy);
  let shellMtimeMs: number | undefined;
  let shellCheckedAt = 0;
  async function currentSecurityHeaders(): Promise<SecurityHeaders> {
    if (!staticRoot || Date.now() - shellCheckedAt < SHELL_CHECK_MS) return siteHeaders;
    shellCheckedAt = Date.now();
    const shell = join(staticRoot, 'index.html');
    const info = await stat(shell).catch(() => undefined);
    if (info?.mtimeMs !== shellMtimeMs) {
      shellMtimeMs = info?.mtimeMs;
      siteHeaders = securityHeaders(info ? await readFile(shell, 'utf8') : undefined, policy);
    }
    return siteHeaders;
  }
  await currentSecurityHeaders();
  const securityHeaderNames = new Set(Object.keys(siteHeaders));

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (declaredTooLarge(req, MAX_API_BODY_BYTES)) {
      answerTooLarge(req, res);
      return;
    }
    const unavailable = availability();
    if (unavailable) {
      // The rating pages are for people: they get the page that reloads itself, API callers JSON.
      if (url.pathname.startsWith('/api/')) answerUnavailableJson(res, unavailable);
      else answerUnavailablePage(res, unavailable);
      return;
    }
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
    const pathParameters = Object.fromEntries(names.map((n, i) => [n, decodePathSegment(match.m![i + 1]!)]));
    const body = await readBody(req, res, MAX_API_BODY_BYTES);
    const text = utf8Text(body);
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
      // Text as text; bytes that are not UTF-8 base64-encoded, as API Gateway hands over a payload it cannot pass as
      // text (the handler refuses those with 400).
      body: body.length ? (text ?? body.toString('base64')) : undefined,
      isBase64Encoded: body.length > 0 && text === undefined,
    };
    const handler = await loadHandler(httpEntry(route.group));
    const result = (await handler(
      event,
      lambdaContext(`helpdesk-${route.group}`),
    )) as APIGatewayProxyStructuredResultV2;
    // A part that died while this request was under way shows as a 500; the caller is told to come back instead.
    const unavailableNow = (result.statusCode ?? 200) >= 500 ? availability() : undefined;
    if (unavailableNow) {
      answerUnavailableJson(res, unavailableNow);
      return;
    }
    const responseHeaders: Record<string, string | string[]> = {};
    // As CloudFront's policy does (override), the site's security headers win over a handler's.
    for (const [k, v] of Object.entries(result.headers ?? {})) {
      if (!securityHeaderNames.has(k.toLowerCase())) responseHeaders[k] = String(v);
    }
    if (result.cookies?.length) responseHeaders['set-cookie'] = result.cookies;
    res.writeHead(result.statusCode ?? 200, responseHeaders);
    res.end(result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined);
  }

  /** The management API's `@connections` resource, as AWS answers it. */
  async function handleConnections(req: IncomingMessage, res: ServerResponse, url: URL) {
    const id = decodePathSegment(url.pathname.slice('/@connections/'.length));
    const socket = connections.get(id);
    const gone = () =>
      sendJson(res, 410, { message: `Connection ${id} is gone` }, { 'x-amzn-errortype': 'GoneException' });
    if (!socket || socket.readyState !== socket.OPEN) {
      await readBody(req, res, CONNECTIONS_MAX_BODY_BYTES);
      gone();
      return;
    }
    switch (req.method) {
      case 'POST': {
        const data = await readBody(req, res, CONNECTIONS_MAX_BODY_BYTES);
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
    const path = decodedPath(url.pathname);
    if (path === undefined) {
      answerMalformedPath(req, res);
      return;
    }
    const relative = normalize(path).replace(/^([/\\])+/, '');
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
    }
    // The shell is what a person opens; the files it loads stay available to a tab that is already open.
    const unavailable = file === join(staticRoot, 'index.html') ? availability() : undefined;
    if (unavailable) {
      answerUnavailablePage(res, unavailable);
      return;
    }
    if (!info) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('The web app has not been built');
      return;
    }
    const immutable = relative.startsWith('assets/');
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': info.size,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  }

  async function route(req: IncomingMessage, res: ServerResponse, url: URL) {
    for (const [name, value] of Object.entries(await currentSecurityHeaders())) res.setHeader(name, value);
    if (isRouted(url.pathname)) return handleApi(req, res, url);
    if (url.pathname.startsWith('/@connections/')) return handleConnections(req, res, url);
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

  // Idle keep-alive connections stay open as long as CloudFront's (60 s) rather than Node's default 5 s, so that a
  // client reusing a connection after a pause does not race the server closing it ("socket hang up").
  server.keepAliveTimeout = 61_000;
  server.headersTimeout = 62_000;

  function refuseUpgrade(socket: Duplex, status: number, text: string, extra: Record<string, string> = {}) {
    const lines = Object.entries({ ...siteHeaders, ...extra }).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${text}\r\n${lines.join('')}Connection: close\r\nContent-Length: 0\r\n\r\n`);
    socket.destroy();
  }

  /** `$connect`: the authorizer decides, then the connect handler records the connection. */
  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? host}`);
    if (url.pathname !== '/ws') return refuseUpgrade(socket, 404, 'Not Found');
    const unavailable = availability();
    if (unavailable) {
      return refuseUpgrade(socket, 503, 'Service Unavailable', {
        'retry-after': String(unavailable.retryAfterSeconds),
      });
    }
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
