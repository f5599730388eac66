/**
 * The HTTP handler factory every `functions/api/<group>.ts` entry uses (through functions/api/group-handler.ts). One
 * Lambda serves one group of routes; API Gateway (or the embedded gateway) names the matched route in `event.routeKey`.
 * A framework: it knows neither the route table nor how callers are authenticated; the entry point hands it both.
 *
 * Order of work for each request: logging context → JSON body parsing → authentication and CSRF → permission →
 * zod validation of path, query and body → the route's handler → one error mapper for everything thrown.
 * Authentication comes before validation so that a caller who may not use a route learns nothing from it.
 */
import middy from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { ZodObject, ZodType } from 'zod';
import type { ApiKeyScope, Role } from '#shared/constants.ts';
import type { ApiCode } from '#shared/i18n/messages.ts';
import type { User } from '#shared/schemas/user.ts';
import type { ApiKeyIdentity } from '../domain/api-keys.ts';
import type { Caller } from '../domain/caller.ts';
import { clearedSessionCookies, COOKIE, parseCookies, sessionCookies, type CookieOptions } from './cookies.ts';
import {
  AppError,
  errorBody,
  errorText,
  ForbiddenError,
  isTransientServiceError,
  TooManyRequestsError,
  UnauthorizedError,
  parseInput,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../lib/errors.ts';
import { refusalPage } from './html.ts';
import { logger } from '../lib/logger.ts';
import { recordMetrics, ROUTE_DIMENSION } from '../lib/metrics.ts';
import { observed } from '../lib/observability.ts';
import { englishText } from '../lib/messages.ts';
import { isSameOrigin, pageFormSite } from './origin.ts';
import { PAGE_FORM_FIELD, verifyPageFormToken } from './page-form.ts';

/**
 * Who may call a route: the staff `roles`, and the API-key scope that admits a key (absent: keys are refused);
 * `deniedMessage` is what a signed-in caller outside `roles` is told (403). Routes pass the docs/product.md §6 entries
 * of functions/domain/permissions.ts, the one declaration of a route's API-key scope.
 */
export type Access = 'public' | { roles: readonly Role[]; apiKeyScope?: ApiKeyScope; deniedMessage?: ApiCode };

/** The API-key scope that admits a key to this route, if any. */
export const apiKeyScopeOf = (route: Pick<AnyRoute, 'access'>): ApiKeyScope | undefined =>
  route.access === 'public' ? undefined : route.access.apiKeyScope;

/** How the handler knows its callers: given by the entry point (functions/api/group-handler.ts). */
export interface Authenticators {
  /** The key behind a bearer secret; throws (401) for one that does not admit anyone. */
  apiKey(secret: string): Promise<ApiKeyIdentity>;
  /** The staff member behind a request's session cookies; throws (401) when they do not make a session. */
  staff(tokens: { accessToken?: string; refreshToken?: string; session?: string }): Promise<{
    user: User;
    sessionId: string;
    /** New tokens, set as cookies on the answer, when the access token had to be refreshed. */
    refreshed?: Parameters<typeof sessionCookies>[0];
    /** The user may reach only the routes declared `duringMfaEnrolment`. */
    mfaEnrolmentRequired: boolean;
  }>;
}

/** What the entry point gives `httpHandler` beside the routes. */
export interface HttpHandlerOptions {
  /** The group's name, in the load-time errors. */
  name: string;
  /** The route keys the route table gives this group: each must have a route here, and no other may. */
  tableKeys: Iterable<string>;
  authenticate: Authenticators;
}

export interface HttpResult {
  status?: number;
  body?: unknown;
  /** A page to answer with instead of JSON (routes declared `page`). */
  html?: string;
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
  /** The fields of a form post (`application/x-www-form-urlencoded`), for routes declared `page`; else empty. */
  form: Record<string, string>;
  cookies: Record<string, string>;
  cookieOptions: CookieOptions;
  /** The client's address as API Gateway saw it (`requestContext.http.sourceIp`); never taken from a header. */
  clientAddress: string;
}

/**
 * What the OpenAPI document (functions/http/openapi.ts) says about a route beyond the schemas the route validates with:
 * every route an upstream system or an integrator may call has one.
 */
export interface RouteDoc {
  operationId: string;
  summary: string;
  description?: string;
  /** Request headers the handler reads itself, as a schema of their values (`Idempotency-Key`). */
  headers?: ZodObject;
  /** Descriptions of path, query and header parameters, by name. */
  parameters?: Record<string, string>;
  /** The success answer; `schema` absent for one without a body (204, or the 302 of a download). */
  response: { status: 200 | 201 | 202 | 204 | 302; description: string; schema?: ZodType };
  /** A second success answer with the same body, such as the 200 of an idempotent replay. */
  alsoAnswers?: {
    status: 200;
    description: string;
    headers?: Record<string, { description: string; schema: ZodType }>;
  };
  /** When the route answers 404 or 409, in words. */
  notFound?: string;
  conflict?: string;
}

export interface RouteDefinition<Body = unknown, Query = unknown, Params = unknown> {
  access: Access;
  /**
   * A page for people rather than an API call: its answers and its errors are HTML, and what it is sent is an HTML
   * form (`application/x-www-form-urlencoded`, read into `form`); any other body is refused (415).
   */
  page?: boolean;
  body?: ZodType<Body>;
  query?: ZodType<Query>;
  params?: ZodType<Params>;
  /** The route in the OpenAPI document. */
  doc?: RouteDoc;
  /**
   * Open to a signed-in user the desk keeps to two-factor enrolment (the enrolment routes, their own user); every
   * other signed-in route refuses them with 403 `error.mfa.enrolmentRequired` (docs/decisions/083-staff-two-factor.md).
   */
  duringMfaEnrolment?: boolean;
  handle(ctx: RouteContext<Body, Query, Params>): Promise<HttpResult>;
}

/** Declares one route; the generic parameters flow from the schemas into `handle`. */
export const defineRoute = <Body = undefined, Query = undefined, Params = undefined>(
  definition: RouteDefinition<Body, Query, Params>,
): RouteDefinition<Body, Query, Params> => definition;

// biome-ignore lint/suspicious/noExplicitAny: routes of every body, query and params type share one table.
export type AnyRoute = RouteDefinition<any, any, any>;

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
  authenticate: Authenticators,
  ctx: {
    headers: Record<string, string | undefined>;
    cookies: Record<string, string>;
    cookieOptions: CookieOptions;
    method: string;
    clientAddress: string;
    event: APIGatewayProxyEventV2;
    form: () => Record<string, string>;
  },
): Promise<{ caller: Caller; setCookies: string[] }> {
  const bearer = bearerToken(ctx.headers.authorization);
  if (bearer) {
    const routeScope = apiKeyScopeOf(route);
    const apiKey = await authenticate.apiKey(bearer);
    // What anyone may read (the OpenAPI document) a key may read too, whatever its scopes; the key is still checked.
    const publicRead = route.access === 'public' && SAFE_METHODS.has(ctx.method);
    if (!routeScope && !publicRead) throw new ForbiddenError('error.apiKey.routeRefused');
    if (routeScope && !apiKey.scopes.includes(routeScope))
      throw new ForbiddenError({ code: 'error.apiKey.missingScope', params: { scope: routeScope } });
    return { caller: { kind: 'apiKey', apiKey, clientAddress: ctx.clientAddress }, setCookies: [] };
  }
  const hasSession = !!(ctx.cookies[COOKIE.access] || ctx.cookies[COOKIE.refresh]);
  // Nobody at all (no key, no session): that is a 401 whatever else is wrong with the request.
  if (route.access !== 'public' && !hasSession) throw new UnauthorizedError();
  // Cookie-authenticated writes must come from our own pages (CSRF); API-key calls carry no cookie.
  if (!SAFE_METHODS.has(ctx.method) && !(await fromOwnSite(route, ctx))) throw new ForbiddenError('error.crossSite');
  if (route.access === 'public') return { caller: { kind: 'anonymous' }, setCookies: [] };

  const { user, refreshed, sessionId, mfaEnrolmentRequired } = await authenticate.staff({
    accessToken: ctx.cookies[COOKIE.access],
    refreshToken: ctx.cookies[COOKIE.refresh],
    session: ctx.cookies[COOKIE.session],
  });
  if (mfaEnrolmentRequired && !route.duringMfaEnrolment) throw new ForbiddenError('error.mfa.enrolmentRequired');
  if (!route.access.roles.includes(user.role)) {
    throw new ForbiddenError(route.access.deniedMessage ?? 'error.forbidden');
  }
  return {
    caller: { kind: 'staff', user, sessionId, clientAddress: ctx.clientAddress },
    setCookies: refreshed ? sessionCookies(refreshed, ctx.cookieOptions) : [],
  };
}

/**
 * Whether a write without an API key comes from the site's own pages. A call of the API: its `Origin` names the site.
 * A page's form (a page route's, the rating link's) may be posted by a browser or privacy tool that sends no `Origin`
 * or the opaque `null`: a same-site `Referer` will do then, and without either the form's own token
 * (functions/http/page-form.ts). A cross-site `Origin`, `Referer` or `Sec-Fetch-Site` is refused whatever the form holds.
 */
async function fromOwnSite(
  route: AnyRoute,
  ctx: {
    headers: Record<string, string | undefined>;
    event: APIGatewayProxyEventV2;
    form: () => Record<string, string>;
  },
): Promise<boolean> {
  if (!route.page) return isSameOrigin(ctx.headers);
  const site = pageFormSite(ctx.headers);
  if (site !== 'unknown') return site === 'same';
  return verifyPageFormToken(ctx.event, ctx.form()[PAGE_FORM_FIELD]);
}

/** An error answer for a code without arguments. */
const coded = (code: ApiCode) => errorBody(errorText(code));
const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * The fields of a form post. API Gateway hands a form's body over base64-encoded; the embedded gateway as text. A
 * field sent twice keeps its first value.
 */
function formFields(
  event: APIGatewayProxyEventV2,
  headers: Record<string, string | undefined>,
): Record<string, string> {
  if (event.body === undefined || event.body === '') return {};
  const type = headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== FORM_TYPE || typeof event.body !== 'string') {
    throw new UnsupportedMediaTypeError('error.formRequired');
  }
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) fields[name] ??= value;
  return fields;
}

/** An HTML answer; pages are personal (a token in the address), so nothing caches them. */
const html = (statusCode: number, page: string, headers: Record<string, string> = {}) => ({
  statusCode,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers },
  body: page,
});

/**
 * What an error that is not an AppError means for the caller, the same for the JSON API and the page routes: middy
 * ends an invocation just before the Lambda would be killed (the work may still commit, so the caller is told to retry;
 * creates are safe to retry with their Idempotency-Key); a service the request needs could not be reached (nothing
 * was wrong with the request); middy's body parser refused the body (4xx: the request is at fault); anything else is
 * ours.
 */
const FAULTS = {
  timeout: { status: 503, code: 'error.timeout', retryAfter: '1' },
  unavailable: { status: 503, code: 'error.unavailable', retryAfter: '1' },
  unreadableBody: { status: 400, code: 'error.invalidJson' },
  internal: { status: 500, code: 'error.internal' },
} as const satisfies Record<string, { status: number; code: ApiCode; retryAfter?: string }>;

/** Which of FAULTS an error is; logged here, once, for both kinds of answer. */
function faultOf(error: unknown): keyof typeof FAULTS {
  if ((error as Error).name === 'TimeoutError') {
    logger.warn('Invocation timed out', error as Error);
    return 'timeout';
  }
  if (isTransientServiceError(error)) {
    logger.warn('A service the request needs is unavailable', error as Error);
    return 'unavailable';
  }
  const status = (error as { statusCode?: number }).statusCode;
  if (status && status >= 400 && status < 500) return 'unreadableBody';
  logger.error('Unhandled error', error as Error);
  return 'internal';
}

const retryHeaders = (fault: (typeof FAULTS)[keyof typeof FAULTS]): Record<string, string> =>
  'retryAfter' in fault ? { 'retry-after': fault.retryAfter } : {};

/** A page route's refusal: a small page saying what was wrong, with the status the JSON answer would have had. */
function errorPage(error: unknown) {
  const refused = (status: number, message: string, headers: Record<string, string> = {}) =>
    html(status, refusalPage(englishText('page.requestRefused'), message), headers);
  if (error instanceof AppError) return refused(error.statusCode, error.message);
  const kind = faultOf(error);
  const fault = FAULTS[kind];
  return refused(
    fault.status,
    englishText(kind === 'internal' ? 'page.internalError' : fault.code),
    retryHeaders(fault),
  );
}

function errorResponse(error: unknown, cookieOptions: CookieOptions, hadSessionCookie: boolean) {
  if (error instanceof AppError) {
    const body = errorBody(error, error.fieldErrors, error.details);
    if (error instanceof UnauthorizedError && hadSessionCookie) {
      // A session that no longer works is ended, so the browser stops sending it.
      return json(401, body, { cookies: clearedSessionCookies(cookieOptions) });
    }
    if (error instanceof TooManyRequestsError) {
      return json(429, body, { headers: { 'retry-after': String(error.retryAfterSeconds) } });
    }
    return json(error.statusCode, body);
  }
  const fault = FAULTS[faultOf(error)];
  return json(fault.status, coded(fault.code), { headers: retryHeaders(fault) });
}

/**
 * Builds the Lambda handler of one route group. Refuses at load time any mismatch with the route table, so a
 * route cannot exist in one runtime and not the other.
 */
export function httpHandler(routes: Record<string, AnyRoute>, options: HttpHandlerOptions) {
  const { name: group, authenticate } = options;
  const expected = new Set(options.tableKeys);
  for (const key of Object.keys(routes)) {
    if (!expected.has(key)) throw new Error(`Route ${key} is not in the route table for group ${group}`);
  }
  for (const key of expected) {
    if (!routes[key]) throw new Error(`Route ${key} of group ${group} has no handler`);
  }

  const dispatch = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const headers = lowerCaseHeaders(event.headers);
    const cookies = parseCookies(event.cookies, event.cookies ? undefined : headers.cookie);
    const cookieOptions: CookieOptions = { secure: headers['x-forwarded-proto'] === 'https' };
    const hadSessionCookie = Object.keys(cookies).some((c) => c.startsWith('hd_'));
    try {
      const route = routes[event.routeKey];
      if (!route) return json(404, coded('error.routeNotFound'));
      const method = event.requestContext.http.method.toUpperCase();
      const clientAddress = event.requestContext.http.sourceIp;
      let form: Record<string, string> | undefined;
      const formOf = () => (form ??= route.page ? formFields(event, headers) : {});
      const { caller, setCookies } = await identify(route, authenticate, {
        headers,
        cookies,
        cookieOptions,
        method,
        clientAddress,
        event,
        form: formOf,
      });
      if (route.body && typeof event.body !== 'object') {
        throw new UnsupportedMediaTypeError('error.jsonRequired');
      }
      const ctx: RouteContext<unknown, unknown, unknown> = {
        event,
        caller,
        headers,
        form: formOf(),
        cookies,
        cookieOptions,
        clientAddress,
        params: parseWith(route.params, event.pathParameters ?? {}),
        query: parseWith(route.query, event.queryStringParameters ?? {}),
        body: parseWith(route.body, event.body),
      };
      const result = await route.handle(ctx);
      if (result.html !== undefined) return html(result.status ?? 200, result.html, result.headers);
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
      if (routes[event.routeKey]?.page) return errorPage(error);
      return errorResponse(error, cookieOptions, hadSessionCookie);
    }
  };

  const lambda = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>()
    .use(observed())
    // API Gateway's request id, the one its access log shows, on every log line of the request.
    .before(({ event }) => logger.setCorrelationId(event.requestContext.requestId))
    .before(({ event }) => refuseMalformedRequest(event))
    .use(httpJsonBodyParser({ disableContentTypeError: true }))
    .onError(async (request) => {
      // Only the malformed-request check and the body parser throw before dispatch; everything else is mapped inside
      // it. A page route refuses with a page there too.
      request.response = routes[request.event.routeKey]?.page
        ? errorPage(request.error)
        : errorResponse(request.error, { secure: false }, false);
    })
    .handler(dispatch);
  // Every answer, refusals included, is measured by its route (docs/decisions/066-observability.md).
  const measured = async (event: APIGatewayProxyEventV2, context: Context) => {
    const started = performance.now();
    const route = routes[event.routeKey] ? event.routeKey : 'unmatched';
    let status = 500;
    try {
      const response = await lambda(event, context);
      status = response.statusCode ?? 200;
      return response;
    } finally {
      recordRouteMetrics(route, status, performance.now() - started);
    }
  };
  // The route definitions travel with the handler: the OpenAPI document is made from the very schemas the routes
  // validate with, and tests walk every route's schemas.
  return Object.assign(measured, { routes: routes as Readonly<Record<string, AnyRoute>> });
}

/** One request's latency and outcome, by route-table key (never the raw path, whose ids would be unbounded). */
const recordRouteMetrics = (route: string, status: number, ms: number) =>
  recordMetrics(
    {
      RouteLatency: Math.round(ms),
      RouteServerErrors: status >= 500 ? 1 : 0,
      RouteClientErrors: status >= 400 && status < 500 ? 1 : 0,
    },
    { [ROUTE_DIMENSION]: route },
  );

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Whether a path or query string decodes: every `%` starts a two-digit escape, and the bytes are UTF-8. */
function decodes(raw: string): boolean {
  try {
    decodeURIComponent(raw.replace(/\+/g, ' '));
    return true;
  } catch {
    return false;
  }
}

/**
 * Refuses, before anything else runs, what API Gateway passes through unchanged: broken percent-encoding or invalid
 * UTF-8 in the path or the query string, and a body that is not UTF-8 text (handed over base64-encoded, as API
 * Gateway does with a payload it cannot pass as text). A valid base64 body is turned back into text here.
 */
function refuseMalformedRequest(event: APIGatewayProxyEventV2): void {
  if (!decodes(event.rawPath ?? '') || !decodes(event.rawQueryString ?? '')) {
    throw new ValidationError('error.malformedUrl');
  }
  if (event.isBase64Encoded && typeof event.body === 'string') {
    try {
      event.body = strictUtf8.decode(Buffer.from(event.body, 'base64'));
    } catch {
      throw new ValidationError('error.invalidBodyEncoding');
    }
    event.isBase64Encoded = false;
  }
}
