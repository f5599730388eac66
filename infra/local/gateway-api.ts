/**
 * The embedded gateway's HTTP API: what API Gateway's HTTP API is in AWS. A request under `/api/` or `/r/` (the
 * rating pages) is matched against the one route table, handed to the group's handler module as an
 * APIGatewayProxyEventV2 (payload format 2.0), and its result written back. Bodies over 10 MB get API Gateway's 413
 * (ADR 061); while the runtime is not ready the call gets a 503 with Retry-After (ADR 062).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { httpEntry, ROUTED_PREFIXES } from '#functions/api/routes.ts';
import { routeKeyOf } from '#functions/http/route-key.ts';
import { answerUnavailableJson, answerUnavailablePage, type Availability } from './availability.ts';
import { compileRoutes, decodePathSegment, eventHeaders, queryParameters, sendJson, utf8Text } from './gateway-http.ts';
import { loadHandler } from './handlers.ts';
import { lambdaContext } from './lambda-context.ts';
import { answerTooLarge, declaredTooLarge, MAX_API_BODY_BYTES, readBody } from './request-body.ts';

/** Whether a path is the route table's (`/api/…`, `/r/…`) rather than the web app's. */
export const isRouted = (path: string) => ROUTED_PREFIXES.some((prefix) => path.startsWith(prefix));

export interface HttpApiOptions {
  /** The gateway's own host, for the event's domain name when the request names none. */
  host: string;
  availability: Availability;
  /** Header names the site's security policy sets: a handler's value for one of them is dropped. */
  securityHeaderNames: ReadonlySet<string>;
}

/** The route table's requests, answered as API Gateway answers them. */
export function httpApi({ host, availability, securityHeaderNames }: HttpApiOptions) {
  const routes = compileRoutes();

  return async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
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
  };
}
