/**
 * The pieces of the embedded gateway that speak API Gateway's language: route matching as API Gateway matches,
 * request headers and query parameters as a v2 event carries them, paths and bodies decoded as it decodes them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HTTP_ROUTES, type HttpRoute } from '#functions/api/routes.ts';

export interface CompiledRoute {
  route: HttpRoute;
  pattern: RegExp;
  names: string[];
}

/** Literal segments win over parameters, as in API Gateway (`/api/tickets/overdue` before `/api/tickets/{id}`). */
export function compileRoutes(): CompiledRoute[] {
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

/** Headers as API Gateway v2 passes them: lower-case names, repeated values joined by commas, no Cookie. */
export function eventHeaders(req: IncomingMessage): { headers: Record<string, string>; cookies: string[] } {
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

export function queryParameters(search: URLSearchParams): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const key of new Set(search.keys())) out[key] = search.getAll(key).join(',');
  return Object.keys(out).length ? out : undefined;
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * A path parameter as API Gateway passes it: percent-decoded, or as sent when it does not decode (the handler layer
 * refuses a malformed path with 400, the same in both runtimes).
 */
export const decodePathSegment = (segment: string): string => decodedPath(segment) ?? segment;

/** A path percent-decoded, or undefined when it does not decode (a broken escape, bytes that are not UTF-8). */
export function decodedPath(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The body as text when it is valid UTF-8, otherwise undefined. */
export function utf8Text(body: Buffer): string | undefined {
  try {
    return strictUtf8.decode(body);
  } catch {
    return undefined;
  }
}
