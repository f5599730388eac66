/**
 * The route definitions the OpenAPI document is made from (functions/http/openapi.ts): the groups whose routes API keys
 * call or integrators use. A documented route missing here fails the document's build, and its tests.
 */
import { handler as categories } from './categories.ts';
import { handler as dashboard } from './dashboard.ts';
import { handler as tickets } from './tickets.ts';
import { handler as webhooks } from './webhooks.ts';

export const DOCUMENTED_ROUTES = {
  ...tickets.routes,
  ...dashboard.routes,
  ...categories.routes,
  ...webhooks.routes,
};
