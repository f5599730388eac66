import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { KEYS, keys, PREFIX, ticketIdOfKey } from '../data/table.ts';
import type { StreamChange, StreamItem } from '../domain/outbound.ts';

type Image = NonNullable<NonNullable<DynamoDBRecord['dynamodb']>['NewImage']>;

const decode = (image: Image | undefined) => (image ? unmarshall(image as Record<string, AttributeValue>) : undefined);

/**
 * The item a pair of keys names, told from the key module's prefixes and key builders (functions/data/table.ts): the
 * one place a stream consumer learns what kind of item changed.
 */
export function streamItem(pk: string, sk: string): StreamItem {
  const ticketId = ticketIdOfKey(pk);
  if (ticketId !== undefined && pk === keys.ticket(ticketId).pk) {
    if (sk === keys.ticket(ticketId).sk) return { kind: 'ticket', ticketId };
    return { kind: sk.startsWith(PREFIX.comment) ? 'comment' : 'ticketPart', ticketId };
  }
  if (pk === keys.webhook('').pk && sk.startsWith(PREFIX.webhook)) return { kind: 'webhook' };
  if (pk.startsWith(PREFIX.approval) && sk === keys.approval('').sk) return { kind: 'approval' };
  if (pk === PREFIX.audit) return { kind: 'audit' };
  if (pk.startsWith(PREFIX.user) && sk === keys.user('').sk) return { kind: 'user' };
  return { kind: 'other' };
}

/**
 * streamChange: a stream record as every stream consumer reads it (keys and images decoded, the item they name, the
 * commit time as ISO text), or
 * undefined for a record that names no item (it carries no keys or no id). The time falls back to `now` where the
 * record has none.
 */
export function streamChange(record: DynamoDBRecord, now: Date): StreamChange | undefined {
  const stream = record.dynamodb;
  const pk = stream?.Keys?.[KEYS.pk]?.S;
  const sk = stream?.Keys?.[KEYS.sk]?.S;
  const eventId = record.eventID ?? stream?.SequenceNumber;
  const eventName = record.eventName;
  if (!pk || !sk || !eventId || !eventName) return undefined;
  const seconds = stream?.ApproximateCreationDateTime;
  const at = typeof seconds === 'number' ? new Date(seconds * 1000) : now;
  return {
    eventId,
    eventName,
    pk,
    sk,
    item: streamItem(pk, sk),
    before: decode(stream?.OldImage),
    after: decode(stream?.NewImage),
    at: at.toISOString(),
  };
}
