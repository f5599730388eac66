import { t } from '../../i18n/i18n.ts';
import { notify } from '../../lib/notify.ts';

/** What every guarded screen says when its action was held (202): nothing happened yet. */
export function notifySentForApproval(): void {
  notify('info', t('approvals.sent'), t('approvals.sentDescription'));
}
