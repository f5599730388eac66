/**
 * The HTTP handler factory every `functions/http/<group>.ts` entry uses. One Lambda serves one group of routes;
 * API Gateway (or the embedded gateway) names the matched route in `event.routeKey`.
 *
 * Order of work for each request: logging context → JSON body parsing → authentication and CSRF → permission →
 * zod validation of path, query and body → the route's handler → one error mapper for everything thrown.
 * Authentication comes before validation so that a caller who may not use a route learns nothing from it.
 */
import middy from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { ZodType } from 'zod';
import type { ApiKeyScope, Role } from '#shared/constants.ts';
import type { ApiCode } from '#shared/i18n/messages.ts';
import { HTTP_ROUTES, routeKeyOf, type HttpGroup } from '../routes.ts';
import type { Caller } from '../domain/caller.ts';
import { authenticateApiKey, authenticateStaff } from '../use-cases/auth/authenticate.ts';
import { clearedSessionCookies, COOKIE, parseCookies, sessionCookies, type CookieOptions } from './cookies.ts';
import {
  AppError,
  errorBody,
  errorText,
  ForbiddenError,
  TooManyRequestsError,
  UnauthorizedError,
  parseInput,
  UnsupportedMediaTypeError,
} from './errors.ts';
import { logger } from './logger.ts';
import { isSameOrigin } from './origin.ts';

/** Who may call a route; `deniedMessage` is what a signed-in caller outside `roles` is told (403). */
export type Access = 'public' | { roles: readonly Role[]; deniedMessage?: ApiCode };

export interface HttpResult {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  cookies?: string[];
  /** A 302 to this location (navigations such as `/api/login`). */
  redirect?: string;
}

export interface RouteContext<Body, Query, Params> {
  event: APIGatewayProxyEventV2;
  caller: Caller;
  body: Body;
  query: Query;
  params: Params;
  /** Lower-cased request headers. */
  headers: Record<string, string | undefined>;
  cookies: Record<string, string>;
  cookieOptions: CookieOptions;
}

export interface RouteDefinition<Body = unknown, Query = unknown, Params = unknown> {
  access: Access;
  body?: ZodType<Body>;
  query?: ZodType<Query>;
  params?: ZodType<Params>;
  handle(ctx: RouteContext<Body, Query, Params>): Promise<HttpResult>;
}

/** Declares one route; the generic parameters flow from the schemas into `handle`. */
export const defineRoute = <Body = undefined, Query = undefined, Params = undefined>(
  definition: RouteDefinition<Body, Query, Params>,
): RouteDefinition<Body, Query, Params> => definition;

// biome-ignore lint/suspicious/noExplicitAny: routes of every body, query and params type share one table.
type AnyRoute = RouteDefinition<any, any, any>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const json = (statusCode: number, body: unknown, extra: Partial<APIGatewayProxyStructuredResultV2> = {}) => ({
  statusCode,
  headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...(extra.headers ?? {}) },
  body: body === undefined ? '' : JSON.stringify(body),
  ...(extra.cookies?.length ? { cookies: extra.cookies } : {}),
});

function parseWith<T>(schema: ZodType<T> | undefined, value: unknown): T {
  return schema ? parseInput(schema, value) : (undefined as T);
}

function lowerCaseHeaders(headers: APIGatewayProxyEventV2['headers'] | undefined): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(headers ?? {})) out[k.toLowerCase()] = v;
  return out;
}

const bearerToken = (authorization: string | undefined): string | undefined =>
  authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];

async function identify(
  route: AnyRoute,
  routeScope: ApiKeyScope | undefined,
  ctx: {
    headers: Record<string, string | undefined>;
    cookies: Record<string, string>;
    cookieOptions: CookieOptions;
    method: string;
  },
): Promise<{ caller: Caller; setCookies: string[] }> {
  const bearer = bearerToken(ctx.headers.authorization);
  if (bearer) {
    const apiKey = await authenticateApiKey(bearer);
    if (!routeScope) throw new ForbiddenError('error.apiKey.routeRefused');
    if (!apiKey.scopes.includes(routeScope))
      throw new ForbiddenError({ code: 'error.apiKey.missingScope', params: { scope: routeScope } });
    return { caller: { kind: 'apiKey', apiKey }, setCookies: [] };
  }
  // Cookie-authenticated writes must come from our own pages (CSRF); API-key calls carry no cookie.
  if (!SAFE_METHODS.has(ctx.method) && !isSameOrigin(ctx.headers)) throw new ForbiddenError('error.crossSite');
  if (route.access === 'public') return { caller: { kind: 'anonymous' }, setCookies: [] };

  const { user, refreshed } = await authenticateStaff({
    accessToken: ctx.cookies[COOKIE.access],
    refreshToken: ctx.cookies[COOKIE.refresh],
  });
  if (!route.access.roles.includes(user.role)) {
    throw new ForbiddenError(route.access.deniedMessage ?? 'error.forbidden');
  }
  return { caller: { kind: 'staff', user }, setCookies: refreshed ? sessionCookies(refreshed, ctx.cookieOptions) : [] };
}

/** An error answer for a code without arguments. */
const coded = (code: ApiCode) => errorBody(errorText(code));

function errorResponse(error: unknown, cookieOptions: CookieOptions, hadSessionCookie: boolean) {
  if (error instanceof AppError) {
    const body = errorBody(error, error.fieldErrors);
    if (error instanceof UnauthorizedError && hadSessionCookie) {
      // A session that no longer works is ended, so the browser stops sending it.
      return json(401, body, { cookies: clearedSessionCookies(cookieOptions) });
    }
    if (error instanceof TooManyRequestsError) {
      return json(429, body, { headers: { 'retry-after': String(error.retryAfterSeconds) } });
    }
    return json(error.statusCode, body);
  }
  // middy ends an invocation just before the Lambda would be killed; the work may still commit, so the caller is
  // told to retry (creates are safe to retry with their Idempotency-Key).
  if ((error as Error).name === 'TimeoutError') {
    logger.warn('Invocation timed out', error as Error);
    return json(503, coded('error.timeout'), { headers: { 'retry-after': '1' } });
  }
  // Errors raised by middy middlewares (malformed JSON) carry a status and are safe to show.
  const status = (error as { statusCode?: number; expose?: boolean }).statusCode;
  if (status && status >= 400 && status < 500) {
    return json(400, coded('error.invalidJson'));
  }
  logger.error('Unhandled error', error as Error);
  return json(500, coded('error.internal'));
}

/**
 * Builds the Lambda handler of one route group. Refuses at load time any mismatch with the route table, so a
 * route cannot exist in one runtime and not the other.
 */
export function httpHandler(group: HttpGroup, routes: Record<string, AnyRoute>) {
  const tableRoutes = HTTP_ROUTES.filter((r) => r.group === group);
  const expected = new Set(tableRoutes.map(routeKeyOf));
  for (const key of Object.keys(routes)) {
    if (!expected.has(key)) throw new Error(`Route ${key} is not in the route table for group ${group}`);
  }
  for (const key of expected) {
    if (!routes[key]) throw new Error(`Route ${key} of group ${group} has no handler`);
  }
  const scopes = new Map(tableRoutes.map((r) => [routeKeyOf(r), r.apiKeyScope]));

  const dispatch = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const headers = lowerCaseHeaders(event.headers);
    const cookies = parseCookies(event.cookies, event.cookies ? undefined : headers.cookie);
    const cookieOptions: CookieOptions = { secure: headers['x-forwarded-proto'] === 'https' };
    const hadSessionCookie = Object.keys(cookies).some((c) => c.startsWith('hd_'));
    try {
      const route = routes[event.routeKey];
      if (!route) return json(404, coded('error.routeNotFound'));
      const method = event.requestContext.http.method.toUpperCase();
      const { caller, setCookies } = await identify(route, scopes.get(event.routeKey), {
        headers,
        cookies,
        cookieOptions,
        method,
      });
      if (route.body && typeof event.body !== 'object') {
        throw new UnsupportedMediaTypeError('error.jsonRequired');
      }
      const ctx: RouteContext<unknown, unknown, unknown> = {
        event,
        caller,
        headers,
        cookies,
        cookieOptions,
        params: parseWith(route.params, event.pathParameters ?? {}),
        query: parseWith(route.query, event.queryStringParameters ?? {}),
        body: parseWith(route.body, event.body),
      };
      const result = await route.handle(ctx);
      const allCookies = [...setCookies, ...(result.cookies ?? [])];
      if (result.redirect) {
        return {
          statusCode: 302,
          headers: { location: result.redirect, 'cache-control': 'no-store', ...result.headers },
          body: '',
          ...(allCookies.length ? { cookies: allCookies } : {}),
        };
      }
      return json(result.status ?? 200, result.body, { headers: result.headers, cookies: allCookies });
    } catch (error) {
      return errorResponse(error, cookieOptions, hadSessionCookie);
    }
  };

  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(httpJsonBodyParser({ disableContentTypeError: true }))
    .onError(async (request) => {
      // Only the body parser can throw before dispatch; everything else is mapped inside it.
      request.response = errorResponse(request.error, { secure: false }, false);
    })
    .handler(dispatch);
}
