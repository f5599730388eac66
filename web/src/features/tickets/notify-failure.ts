import { TICKET_TEXTS } from '#shared/messages.ts';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';

/** The docs/product.md §8 failure toast ('Error' + `description`) for a ticket write that failed. */
export function notifyFailure(error: unknown, description: string): void {
  // A 401 already has its own toast and redirect (lib/query-client.ts); one toast replaces another, so stay quiet.
  if (isUnauthorized(error)) return;
  notify('error', TICKET_TEXTS.errorTitle, description);
}
