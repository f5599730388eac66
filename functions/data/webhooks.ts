/**
 * Webhook items (docs/data-model.md, H1-H7): one per webhook, all in one partition, with the secret sealed
 * (functions/lib/secrets.ts, purpose `webhook-secret`) and the endpoint's health (`failingSince`, `disabledAt`).
 */
import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Webhook } from '#shared/schemas/webhook.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { KEYS, keys, PREFIX, WEBHOOKS_PARTITION } from './table.ts';
import { type GuardedItem, transact } from './transactions.ts';

/** A webhook as the sender needs it: what admins see, the sealed secret, and since when it has been failing. */
export interface WebhookRecord extends Webhook {
  sealedSecret: string;
  /** The first failed attempt since the last success; absent while the endpoint answers. */
  failingSince: string | null;
  disabledReason: string | null;
}

const toRecord = (item: Record<string, unknown>): WebhookRecord => ({
  id: item.id as string,
  url: item.url as string,
  events: item.events as Webhook['events'],
  description: (item.description as string | null | undefined) ?? null,
  createdAt: item.createdAt as string,
  createdBy: item.createdBy as Webhook['createdBy'],
  disabledAt: (item.disabledAt as string | undefined) ?? null,
  sealedSecret: item.sealedSecret as string,
  failingSince: (item.failingSince as string | undefined) ?? null,
  disabledReason: (item.disabledReason as string | undefined) ?? null,
});

/** What admins see of a record: never the secret. */
export const toWebhook = ({
  sealedSecret: _s,
  failingSince: _f,
  disabledReason: _r,
  ...webhook
}: WebhookRecord): Webhook => webhook;

const TableName = () => config().tableName;

/**
 * putNewWebhook: the webhook with its sealed secret, only where none exists (a random UUID does not collide), in one
 * transaction with `alongWith` (its audit entry).
 */
export async function putNewWebhook(
  webhook: Webhook,
  sealedSecret: string,
  alongWith: readonly GuardedItem[] = [],
): Promise<void> {
  const { disabledAt: _never, ...fields } = webhook;
  await transact([
    {
      item: {
        Put: {
          TableName: TableName(),
          Item: { ...keys.webhook(webhook.id), ...fields, sealedSecret },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    ...alongWith,
  ]);
}

/** getWebhook: one webhook by id (consistent: the sender decides from it), or undefined. */
export async function getWebhook(id: string): Promise<WebhookRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: TableName(), Key: keys.webhook(id), ConsistentRead: true }),
  );
  return Item ? toRecord(Item) : undefined;
}

/** listWebhooks: every webhook, newest first: one Query of the webhooks' partition (at most WEBHOOK_LIMITS.max). */
export async function listWebhooks(): Promise<WebhookRecord[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: TableName(),
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': KEYS.pk, '#sk': KEYS.sk },
        ExpressionAttributeValues: { ':pk': WEBHOOKS_PARTITION, ':prefix': PREFIX.webhook },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items.map(toRecord).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

/** Whether an update's condition failed: the guarded state was not there. */
async function conditional(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * deleteWebhook: removes it, only if it exists (else `missing()` is thrown and nothing is written), in one
 * transaction with `alongWith` (its audit entry).
 */
export async function deleteWebhook(
  id: string,
  missing: () => Error,
  alongWith: readonly GuardedItem[] = [],
): Promise<void> {
  await transact([
    {
      item: {
        Delete: { TableName: TableName(), Key: keys.webhook(id), ConditionExpression: 'attribute_exists(pk)' },
      },
      onConditionFailed: missing,
    },
    ...alongWith,
  ]);
}

/**
 * webhookTargetWrite: a webhook's new URL, only if it exists (else `missing()`), for the transaction with its audit
 * entry. The next event goes to the new URL, signed with the same secret.
 */
export function webhookTargetWrite(id: string, url: string, missing: () => Error): GuardedItem {
  return {
    item: {
      Update: {
        TableName: TableName(),
        Key: keys.webhook(id),
        UpdateExpression: 'SET #url = :url',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#url': 'url' },
        ExpressionAttributeValues: { ':url': url },
      },
    },
    onConditionFailed: missing,
  };
}

/**
 * requestWebhookPing: a new `pingId` on an existing webhook; the stream's change is what plans the ping (nothing
 * leaves the system but from the stream). False when there is no such webhook.
 */
export function requestWebhookPing(id: string, now: Date): Promise<boolean> {
  return conditional(
    dynamo().send(
      new UpdateCommand({
        TableName: TableName(),
        Key: keys.webhook(id),
        UpdateExpression: 'SET pingId = :ping, pingRequestedAt = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':ping': randomUUID(), ':at': now.toISOString() },
      }),
    ),
  );
}

/** recordWebhookFailing: `failingSince`, unless it is set already (the first failure since a success counts). */
export function recordWebhookFailing(id: string, since: Date): Promise<boolean> {
  return conditional(
    dynamo().send(
      new UpdateCommand({
        TableName: TableName(),
        Key: keys.webhook(id),
        UpdateExpression: 'SET failingSince = :since',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(failingSince)',
        ExpressionAttributeValues: { ':since': since.toISOString() },
      }),
    ),
  );
}

/** recordWebhookAnswering: the endpoint answered 2xx; `failingSince` goes, if it was set. */
export function recordWebhookAnswering(id: string): Promise<boolean> {
  return conditional(
    dynamo().send(
      new UpdateCommand({
        TableName: TableName(),
        Key: keys.webhook(id),
        UpdateExpression: 'REMOVE failingSince',
        ConditionExpression: 'attribute_exists(pk) AND attribute_exists(failingSince)',
      }),
    ),
  );
}

/**
 * disableWebhook: sets `disabledAt` (the first time only) with the reason; the notifier alarms the admins when it
 * sees this change on the stream. True when this call disabled it.
 */
export function disableWebhook(id: string, at: Date, reason: string): Promise<boolean> {
  return conditional(
    dynamo().send(
      new UpdateCommand({
        TableName: TableName(),
        Key: keys.webhook(id),
        UpdateExpression: 'SET disabledAt = :at, disabledReason = :reason',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(disabledAt)',
        ExpressionAttributeValues: { ':at': at.toISOString(), ':reason': reason },
      }),
    ),
  );
}
