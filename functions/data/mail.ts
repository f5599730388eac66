/**
 * What the mail channel keeps in the table (docs/data-model.md, "Mail"): a customer address SES reported as
 * undeliverable (E1-E3), the counters of refused inbound mail (E4, E5), the rating links already used (E6, E7), and
 * the history entry of every e-mail sent (E8).
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { HistoryEntry } from '#shared/schemas/ticket.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { keys, PREFIX } from './table.ts';
import { historyPut } from './tickets/writes.ts';
import { type GuardedItem, transact } from './transactions.ts';

const TableName = () => config().tableName;

/** Why an address stopped working: a permanent bounce, or the reader marking our mail as spam. */
export type UndeliverableReason = 'bounce' | 'complaint';

export interface AddressStatus {
  email: string;
  reason: UndeliverableReason;
  /** When SES reported it. */
  at: string;
  /** What SES said (the bounce's subtype and diagnostic, or the complaint's feedback type). */
  detail: string;
}

/** getAddressStatus: what SES last reported about an address (consistent read); undefined while it works. */
export async function getAddressStatus(email: string): Promise<AddressStatus | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: TableName(), Key: keys.mailAddress(email), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  return { email: Item.email, reason: Item.reason, at: Item.at, detail: Item.detail };
}

/** markAddressUndeliverable: records a bounce or complaint over whatever was recorded before. */
export async function markAddressUndeliverable(status: AddressStatus): Promise<void> {
  const email = status.email.toLowerCase();
  await dynamo().send(
    new PutCommand({ TableName: TableName(), Item: { ...keys.mailAddress(email), ...status, email } }),
  );
}

/** clearAddressStatus: the address works again (its owner wrote to us from it); nothing happens if it had none. */
export async function clearAddressStatus(email: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: TableName(), Key: keys.mailAddress(email) }));
}

/** One reason inbound mail was refused, with how often and when last. */
export interface RefusalCount {
  reason: string;
  count: number;
  lastAt: string;
  lastDetail: string;
}

/** countInboundRefusal: one more refusal for `reason`, with what it was about. */
export async function countInboundRefusal(reason: string, at: Date, detail: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: TableName(),
      Key: keys.inboundRefusals(reason),
      UpdateExpression: 'ADD #count :one SET lastAt = :at, lastDetail = :detail, reason = :reason',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':one': 1, ':at': at.toISOString(), ':detail': detail, ':reason': reason },
    }),
  );
}

/** listInboundRefusals: every reason's counter (a dozen items at most, one Query). */
export async function listInboundRefusals(): Promise<RefusalCount[]> {
  const { pk } = keys.inboundRefusals('');
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: TableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': PREFIX.inboundRefused },
    }),
  );
  return Items.map((item) => ({
    reason: item.reason,
    count: Number(item.count),
    lastAt: item.lastAt,
    lastDetail: item.lastDetail,
  }));
}

/**
 * ratingLinkClaim: the record that a rating link was used, for the transaction that records the rating; a link used
 * before fails it with `onUsed`. It expires with the link.
 */
export function ratingLinkClaim(
  link: { ticketId: number; nonce: string; expiresAt: Date },
  now: Date,
  onUsed: () => Error,
): GuardedItem {
  return {
    item: {
      Put: {
        TableName: TableName(),
        Item: {
          ...keys.ratingLink(link.ticketId, link.nonce),
          ticketId: link.ticketId,
          usedAt: now.toISOString(),
          expiresAt: Math.ceil(link.expiresAt.getTime() / 1000),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    onConditionFailed: onUsed,
  };
}

/** recordRatingLinkUse: a link's use on its own (a rating that changed nothing); refused as `claim` says if used. */
export async function recordRatingLinkUse(claim: GuardedItem): Promise<void> {
  await transact([claim]);
}

/** ratingLinkUsedAt: when a rating link was used, if it was (consistent read). */
export async function ratingLinkUsedAt(ticketId: number, nonce: string): Promise<string | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: TableName(), Key: keys.ratingLink(ticketId, nonce), ConsistentRead: true }),
  );
  return Item?.usedAt;
}

/** recordMailHistory: the ticket's history entry for an e-mail sent, under an id naming the job that sent it. */
export async function recordMailHistory(ticketId: number, id: string, entry: Omit<HistoryEntry, 'id'>): Promise<void> {
  const { item } = historyPut(ticketId, entry, id);
  await dynamo().send(new PutCommand(item.Put!));
}
