/**
 * The counters of the mail limits (docs/data-model.md, "Mail", E9-E11; docs/decisions/082): one item per address and
 * hour, updated with a conditional ADD, so that a limit holds exactly under any concurrency at one write per message.
 * Each expires (TTL) an hour after its window; windows are keyed by their start, so an old one is never read again.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RateWindow } from '../domain/api-keys.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { cappedCount } from './rate-limit.ts';
import { KEYS, keys } from './table.ts';
import type { GuardedItem } from './transactions.ts';

/** newTicketsCounted: the new tickets a sender opened by e-mail in the window (consistent read; 0 if none). */
export async function newTicketsCounted(sender: string, window: RateWindow): Promise<number> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: config().tableName,
      Key: keys.newTicketWindow(sender, window.id),
      ConsistentRead: true,
    }),
  );
  return Number(Item?.count ?? 0);
}

/**
 * newTicketCount: one more new ticket in the sender's window, for the transaction that opens it, only while the
 * window holds fewer than `cap`; a ticket over it fails the transaction with `onOver` and nothing is written.
 */
export function newTicketCount(sender: string, window: RateWindow, cap: number, onOver: () => Error): GuardedItem {
  return {
    item: { Update: cappedCount(keys.newTicketWindow(sender, window.id), 'count', cap, window.expiresAt) },
    onConditionFailed: onOver,
  };
}

/**
 * takeAcknowledgementPlace: whether the job may send its acknowledgement: its id joins the address's window while the
 * window holds fewer than `cap` jobs. A retry of a job that took a place keeps it (adding an id already in the set
 * changes nothing), so an acknowledgement that failed and is tried again is not counted twice.
 */
export async function takeAcknowledgementPlace(
  address: string,
  window: RateWindow,
  jobId: string,
  cap: number,
): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: keys.acknowledgementWindow(address, window.id),
        UpdateExpression: 'ADD jobs :job SET #ttl = if_not_exists(#ttl, :expiresAt)',
        ConditionExpression: 'attribute_not_exists(jobs) OR size(jobs) < :cap OR contains(jobs, :jobId)',
        ExpressionAttributeNames: { '#ttl': KEYS.ttl },
        ExpressionAttributeValues: {
          ':job': new Set([jobId]),
          ':jobId': jobId,
          ':cap': cap,
          ':expiresAt': window.expiresAt,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
