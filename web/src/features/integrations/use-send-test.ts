import type { Webhook } from '#shared/schemas/webhook.ts';
import { useT } from '../../i18n/react.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { useTestWebhookMutation } from './queries.ts';

/** Sends a ping to a webhook and says so; its delivery then shows in the webhook's deliveries. */
export function useSendTest() {
  const t = useT();
  const test = useTestWebhookMutation();
  const send = async (webhook: Webhook) => {
    try {
      await test.mutateAsync(webhook.id);
      notify('success', t('integrations.testSent'));
    } catch (error) {
      if (!isUnauthorized(error)) notify('error', refusalMessage(error, t) ?? t('integrations.testFailed'));
    }
  };
  return { send, pending: test.isPending };
}
