/**
 * Delivering one webhook job (docs/decisions/052-webhooks.md): the signed POST the webhook kind's sender
 * (functions/jobs/webhook-sender.ts) makes through the outbound framework. An endpoint that has failed for the whole
 * retry window is disabled, which alarms the admins (functions/jobs/notifier.ts).
 */
import { getTicket } from '../../data/tickets/item.ts';
import {
  disableWebhook,
  getWebhook,
  recordWebhookAnswering,
  recordWebhookFailing,
  type WebhookRecord,
} from '../../data/webhooks.ts';
import type { Job } from '../../domain/outbound.ts';
import {
  failingTooLong,
  httpDetail,
  signatureHeader,
  toWebhookTicket,
  WEBHOOK_HEADERS,
  WEBHOOK_KIND,
  WEBHOOK_TIMEOUT_MS,
  webhookBody,
  type WebhookJobPayload,
} from '../../domain/webhooks.ts';
import { config } from '../../lib/config.ts';
import { outboundConfig } from '../../outbound/kinds.ts';
import { logger } from '../../lib/logger.ts';
import { recordMetrics } from '../../lib/metrics.ts';
import { DeliveryFailure } from '../../outbound/sender.ts';
import { unseal } from '../../lib/secrets.ts';
import { postWebhook, TargetRefusedError } from '../../outbound/webhook-http.ts';

const USER_AGENT = 'Helpdesk-Webhooks/1';

/** The body of the job's event: a message event's ticket is read now (its stream record did not carry it). */
async function bodyOf(job: Job<WebhookJobPayload>, webhook: WebhookRecord): Promise<string> {
  const { event } = job.payload;
  if (event.type === 'ping') {
    return JSON.stringify(webhookBody(job.id, event, { webhook: { id: webhook.id, url: webhook.url } }));
  }
  let ticket = event.ticket;
  if (!ticket) {
    const record = event.ticketId === undefined ? undefined : await getTicket(event.ticketId);
    if (!record) throw new DeliveryFailure(`Ticket ${event.ticketId} no longer exists`, { permanent: true });
    ticket = toWebhookTicket(record);
  }
  return JSON.stringify(webhookBody(job.id, event, { ticket }));
}

/** A failed attempt: the endpoint's failing streak starts (or goes on); past the retry window it is disabled. */
async function failed(webhook: WebhookRecord, error: string, now: Date): Promise<never> {
  recordMetrics({ WebhookFailures: 1 });
  if (!webhook.failingSince) {
    await recordWebhookFailing(webhook.id, now);
    throw new DeliveryFailure(error);
  }
  const { maxAgeMs } = outboundConfig(WEBHOOK_KIND).retry;
  if (!failingTooLong(webhook.failingSince, now, maxAgeMs)) throw new DeliveryFailure(error);
  const reason = `No successful delivery since ${webhook.failingSince}; last error: ${error}`;
  if (await disableWebhook(webhook.id, now, reason)) {
    logger.warn('Webhook disabled: its endpoint kept failing', { webhookId: webhook.id, since: webhook.failingSince });
  }
  throw new DeliveryFailure(`${error}; the webhook was disabled after failing since ${webhook.failingSince}`, {
    permanent: true,
  });
}

/**
 * deliverWebhook: one attempt at one job of the webhook kind: a signed POST of its event to the webhook's endpoint.
 * A webhook deleted meanwhile drops the job; one disabled drops all but pings. Trusted code: the sender calls it.
 */
export async function deliverWebhook(job: Job<WebhookJobPayload>, signal: AbortSignal) {
  const { webhookId, event } = job.payload;
  const webhook = await getWebhook(webhookId);
  if (!webhook) return { detail: 'Dropped: the webhook was deleted', dropped: true };
  if (webhook.disabledAt && event.type !== 'ping') return { detail: 'Dropped: the webhook is disabled', dropped: true };
  const secret = (await unseal('webhook-secret', webhook.sealedSecret))?.toString('utf8');
  if (!secret) throw new DeliveryFailure('The signing secret cannot be read', { permanent: true });

  const body = await bodyOf(job, webhook);
  const now = new Date();
  let status: number;
  try {
    status = await postWebhook({
      url: webhook.url,
      body,
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        [WEBHOOK_HEADERS.id]: job.id,
        [WEBHOOK_HEADERS.type]: event.type,
        [WEBHOOK_HEADERS.signature]: signatureHeader(secret, body, now),
      },
      policy: { allowLoopback: config().webhookAllowLoopback },
      signal: AbortSignal.any([signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]),
    });
  } catch (error) {
    // A refused target stays refused whatever the wait: parked at once, and not the endpoint's failing streak.
    if (error instanceof TargetRefusedError) {
      recordMetrics({ WebhookFailures: 1 });
      throw new DeliveryFailure(error.message, { permanent: true });
    }
    return failed(webhook, (error as Error).message || String(error), new Date());
  }
  if (status < 200 || status > 299) return failed(webhook, httpDetail(status), new Date());
  if (webhook.failingSince) await recordWebhookAnswering(webhook.id);
  return { detail: httpDetail(status) };
}
