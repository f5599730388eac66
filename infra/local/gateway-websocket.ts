/**
 * The embedded gateway's WebSocket API: what API Gateway's WebSocket API and its management endpoint are in AWS.
 * - `/ws` upgrades drive the `$connect` authorizer and the `$connect`/`$default`/`$disconnect` handlers;
 * - `/@connections/{id}` answers ApiGatewayManagementApiClient as AWS does (POST sends a frame, DELETE closes the
 *   socket, GET describes it; 410 + GoneException for a gone connection), so the notifier's code is the same in both
 *   runtimes.
 * While the runtime is not ready an upgrade is refused 503 with Retry-After (ADR 062).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { WS_HANDLERS } from '#functions/api/routes.ts';
import type { SecurityHeaders } from '../security-headers.ts';
import type { Availability } from './availability.ts';
import { decodePathSegment, queryParameters, sendJson } from './gateway-http.ts';
import { loadHandler } from './handlers.ts';
import { lambdaContext } from './lambda-context.ts';
import { readBody } from './request-body.ts';

/** What the management API's `@connections` endpoint accepts; frames are far smaller. */
const CONNECTIONS_MAX_BODY_BYTES = 1024 * 1024;

/** Where the management endpoint's resource starts. */
export const CONNECTIONS_PREFIX = '/@connections/';

export interface WebSocketApiOptions {
  /** The gateway's own host, for the event's domain name when the request names none. */
  host: string;
  availability: Availability;
  /** The site's security headers, which a refused upgrade carries too. */
  securityHeaders: () => SecurityHeaders;
}

export interface WebSocketApi {
  /** Open connections by connection id. */
  connections: ReadonlyMap<string, WebSocket>;
  /** The `@connections/{id}` resource. */
  handleConnections(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
  /** An HTTP upgrade request: `$connect`, then the socket's messages and its end. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Drops every socket. */
  close(): void;
}

export function webSocketApi({ host, availability, securityHeaders }: WebSocketApiOptions): WebSocketApi {
  const connections = new Map<string, WebSocket>();
  const connectionMeta = new Map<
    string,
    { connectedAt: string; lastActiveAt: string; sourceIp: string; userAgent: string }
  >();
  const wss = new WebSocketServer({ noServer: true });

  /** The management API's `@connections` resource, as AWS answers it. */
  async function handleConnections(req: IncomingMessage, res: ServerResponse, url: URL) {
    const id = decodePathSegment(url.pathname.slice(CONNECTIONS_PREFIX.length));
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

  function refuseUpgrade(socket: Duplex, status: number, text: string, extra: Record<string, string> = {}) {
    const lines = Object.entries({ ...securityHeaders(), ...extra }).map(([name, value]) => `${name}: ${value}\r\n`);
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

  return {
    connections,
    handleConnections,
    handleUpgrade(req, socket, head) {
      upgrade(req, socket, head).catch((error) => {
        console.error('ws $connect failed', error);
        refuseUpgrade(socket, 500, 'Internal Server Error');
      });
    },
    close() {
      for (const ws of connections.values()) ws.terminate();
      wss.close();
    },
  };
}
