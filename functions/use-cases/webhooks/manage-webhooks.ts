/**
 * Webhooks of upstream systems (docs/decisions/052-webhooks.md): admins create them (the signing secret is shown
 * once and stored sealed), list and delete them, send a test event, and read each one's last 100 deliveries.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  type CreateWebhookInput,
  type Webhook,
  type WebhookDelivery,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
} from '#shared/schemas/webhook.ts';
import { auditEntryItem } from '../../data/audit.ts';
import { listDeliveryLog } from '../../data/delivery-log.ts';
import {
  deleteWebhook,
  getWebhook,
  listWebhooks,
  putNewWebhook,
  requestWebhookPing,
  toWebhook,
  webhookTargetWrite,
} from '../../data/webhooks.ts';
import { transact } from '../../data/transactions.ts';
import { auditActorOf, clientAddressOf } from '../../domain/audit.ts';
import type { Caller } from '../../domain/caller.ts';
import { assertAccess, staffMember, WEBHOOK_ACCESS } from '../../domain/permissions.ts';
import { checkWebhookUrl } from '../../domain/webhook-targets.ts';
import { deliveryOf, WEBHOOK_SECRET_BYTES, webhookSecret } from '../../domain/webhooks.ts';
import { config } from '../../lib/config.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { seal } from '../../lib/secrets.ts';
import type { Approved } from '../approvals/hold.ts';

/** listWebhooksFor: admins only; every webhook, newest first, never a secret. */
export async function listWebhooksFor(caller: Caller): Promise<Webhook[]> {
  assertAccess(caller, WEBHOOK_ACCESS.manage);
  return (await listWebhooks()).map(toWebhook);
}

/**
 * createWebhook: admins only. The URL must be https (http too where loopback targets are allowed) and must not name a
 * private address; names are checked again, resolved, at every send. The secret is returned this once.
 */
export async function createWebhook(
  caller: Caller,
  input: CreateWebhookInput,
  now = new Date(),
  approved?: Approved,
): Promise<{ webhook: Webhook; secret: string }> {
  const admin = staffMember(caller, WEBHOOK_ACCESS.manage);
  const target = checkWebhookUrl(input.url, { allowLoopback: config().webhookAllowLoopback });
  if (!target.ok) throw new ValidationError(target.message, { url: target.message });
  // Every event is planned against every webhook: their number is bounded. Two creations racing past this check
  // can end one above it, which nothing depends on.
  if ((await listWebhooks()).length >= WEBHOOK_LIMITS.max) throw new ConflictError(WEBHOOK_MESSAGES.tooMany);
  const secret = webhookSecret(randomBytes(WEBHOOK_SECRET_BYTES));
  const webhook: Webhook = {
    id: randomUUID(),
    url: target.url.href,
    events: input.events,
    description: input.description,
    createdAt: now.toISOString(),
    createdBy: { id: admin.id, email: admin.email },
    disabledAt: null,
  };
  await putNewWebhook(webhook, await seal('webhook-secret', secret), [
    auditEntryItem({
      action: 'webhook_created',
      actor: auditActorOf(caller),
      target: { type: 'webhook', id: webhook.id, name: webhook.url },
      details: `events: ${webhook.events.join(', ')}`,
      clientAddress: clientAddressOf(caller),
      at: now,
      ...(approved ? { approvedBy: approved.approvedBy } : {}),
    }),
    ...(approved ? [approved.decision(await seal('approval-secret', secret))] : []),
  ]);
  return { webhook, secret };
}

/**
 * changeWebhookTarget: admins only; the webhook's events go to a new URL (checked as at creation), with the audit entry
 * in the same write.
 */
export async function changeWebhookTarget(
  caller: Caller,
  id: string,
  url: string,
  now = new Date(),
  approved?: Approved,
): Promise<Webhook> {
  assertAccess(caller, WEBHOOK_ACCESS.manage);
  const target = checkWebhookUrl(url, { allowLoopback: config().webhookAllowLoopback });
  if (!target.ok) throw new ValidationError(target.message, { url: target.message });
  const webhook = await getWebhook(id);
  if (!webhook) throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
  const missing = () => new NotFoundError(WEBHOOK_MESSAGES.notFound);
  await transact([
    webhookTargetWrite(id, target.url.href, missing),
    ...(approved ? [approved.decision()] : []),
    auditEntryItem({
      action: 'webhook_target_changed',
      actor: auditActorOf(caller),
      target: { type: 'webhook', id, name: target.url.href },
      details: `url: ${webhook.url} → ${target.url.href}`,
      clientAddress: clientAddressOf(caller),
      at: now,
      ...(approved ? { approvedBy: approved.approvedBy } : {}),
    }),
  ]);
  return toWebhook({ ...webhook, url: target.url.href });
}

/** removeWebhook: admins only; nothing more is sent to it, and its queued deliveries are dropped when their turn comes. */
export async function removeWebhook(caller: Caller, id: string, now = new Date()): Promise<void> {
  assertAccess(caller, WEBHOOK_ACCESS.manage);
  const webhook = await getWebhook(id);
  if (!webhook) throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
  await deleteWebhook(id, () => new NotFoundError(WEBHOOK_MESSAGES.notFound), [
    auditEntryItem({
      action: 'webhook_deleted',
      actor: auditActorOf(caller),
      target: { type: 'webhook', id, name: webhook.url },
      clientAddress: clientAddressOf(caller),
      at: now,
    }),
  ]);
}

/** sendTestEvent: admins only; a `ping` to this webhook, planned from the stream like every other event. */
export async function sendTestEvent(caller: Caller, id: string, now = new Date()): Promise<void> {
  assertAccess(caller, WEBHOOK_ACCESS.manage);
  if (!(await requestWebhookPing(id, now))) throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
}

/** listWebhookDeliveries: admins only; the webhook's last 100 deliveries, newest first. */
export async function listWebhookDeliveries(caller: Caller, id: string, now = new Date()): Promise<WebhookDelivery[]> {
  assertAccess(caller, WEBHOOK_ACCESS.manage);
  if (!(await getWebhook(id))) throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
  return (await listDeliveryLog(id, now)).map(deliveryOf);
}
