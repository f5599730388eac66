/**
 * The token a page's form carries (routes declared `page`, such as the rating link's, functions/api/rating.ts): a
 * MAC, under its own key, of the page's address (its route's path with the path parameters, so the rating link's
 * token is bound in). A browser or privacy tool that sends neither `Origin` nor `Referer` still posts the hidden
 * field, and the http layer takes it as proof that the post comes from the page itself (functions/http/handler.ts).
 * It proves no more than the address does: whoever can open the page can read it.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { mac, verifyMac } from '../lib/secrets.ts';

/** The form field that carries the token. */
export const PAGE_FORM_FIELD = 'form-token';

const MAC_BYTES = 16;

/** The page's address: `GET /r/{token}` and `POST /r/{token}` with the same token have the same one. */
function pageAddress(event: Pick<APIGatewayProxyEventV2, 'routeKey' | 'pathParameters'>): string {
  const path = event.routeKey.slice(event.routeKey.indexOf(' ') + 1);
  return path.replace(/\{([^}+]+)\+?\}/g, (_, name: string) => event.pathParameters?.[name] ?? '');
}

/** The token of the page this request is for. */
export const pageFormToken = (event: Pick<APIGatewayProxyEventV2, 'routeKey' | 'pathParameters'>) =>
  mac('page-form', pageAddress(event), MAC_BYTES);

/** Whether `candidate` is the token of the page this request is for. */
export async function verifyPageFormToken(
  event: Pick<APIGatewayProxyEventV2, 'routeKey' | 'pathParameters'>,
  candidate: string | undefined,
): Promise<boolean> {
  return candidate !== undefined && (await verifyMac('page-form', pageAddress(event), candidate));
}
