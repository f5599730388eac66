/**
 * The Lambda handler of one route group: the HTTP framework (functions/http/handler.ts) given the group's keys in the
 * route table and the authenticators of staff sessions and API keys.
 */
import type { AnyRoute, Authenticators } from '../http/handler.ts';
import { httpHandler } from '../http/handler.ts';
import { authenticateApiKey, authenticateStaff } from '../use-cases/auth/authenticate.ts';
import { groupRouteKeys, type HttpGroup } from './routes.ts';

const authenticate: Authenticators = {
  apiKey: (secret) => authenticateApiKey(secret),
  staff: (tokens) => authenticateStaff(tokens),
};

export const groupHandler = (group: HttpGroup, routes: Record<string, AnyRoute>) =>
  httpHandler(routes, { name: group, tableKeys: groupRouteKeys(group), authenticate });
