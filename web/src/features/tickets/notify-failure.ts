import { t } from '../../i18n/i18n.ts';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';

/** The docs/product.md §8 failure toast ('Error' + `description`) for a ticket write that failed. */
export function notifyFailure(error: unknown, description: string): void {
  // A 401 already has its own toast and redirect (lib/query-client.ts); one toast replaces another, so stay quiet.
  if (isUnauthorized(error)) return;
  notify('error', t('common.error'), description);
}
