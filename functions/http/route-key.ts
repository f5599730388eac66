/** The HTTP methods routes answer. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `METHOD /path`, as API Gateway writes `routeKey`. */
export const routeKeyOf = (route: { method: HttpMethod; path: string }): string => `${route.method} ${route.path}`;
