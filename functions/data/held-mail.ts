/**
 * Mail held over the per-sender limit (docs/data-model.md, "Mail", E12-E15; docs/decisions/082): one item per
 * message, named by the message's identity (so a message delivered twice is held once), holding the parsed fields
 * that open its ticket, already cut to the ticket limits (a few tens of kB at most, far under DynamoDB's 400 KB).
 * Listed newest first on byCollection `HELD_MAIL`; each expires after HELD_MAIL_DAYS (reads ignore expired items).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Language } from '#shared/constants.ts';
import { HELD_MAIL_DAYS } from '../domain/mail-limits.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { listBinding, openCursor, readPage, sealCursor, stringKey } from './cursor.ts';
import { HELD_MAIL_COLLECTION, INDEXES, KEYS, keys } from './table.ts';
import type { GuardedItem } from './transactions.ts';

const DAY_SECONDS = 24 * 3_600;
/** Items a page may evaluate in all (expired ones included). */
const PAGE_BUDGET = 500;

export interface HeldMailRecord {
  /** The message's identity: the inbound idempotency key (a hash of its Message-ID, or of its bytes). */
  id: string;
  from: string;
  subject: string;
  description: string;
  customerLanguage: Language;
  /** Its Message-ID, which the ticket's e-mails answer; null when it had none. */
  messageId: string | null;
  receivedAt: string;
  reason: 'sender_limit';
}

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

const toRecord = (item: Record<string, unknown>): HeldMailRecord => ({
  id: String(item.id),
  from: String(item.from),
  subject: String(item.subject),
  description: String(item.description),
  customerLanguage: item.customerLanguage as Language,
  messageId: (item.messageId as string | null) ?? null,
  receivedAt: String(item.receivedAt),
  reason: 'sender_limit',
});

/** holdMail: keeps a message for an admin; false when it is held already (the same message delivered again). */
export async function holdMail(record: HeldMailRecord, now: Date): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: config().tableName,
        Item: {
          ...keys.heldMail(record.id),
          [INDEXES.byCollection.pk]: HELD_MAIL_COLLECTION,
          [INDEXES.byCollection.sk]: `${record.receivedAt}#${record.id}`,
          ...record,
          [KEYS.ttl]: epochSeconds(now) + HELD_MAIL_DAYS * DAY_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** getHeldMail: one held message (consistent read); undefined once released, dismissed or expired. */
export async function getHeldMail(id: string, now: Date): Promise<HeldMailRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.heldMail(id), ConsistentRead: true }),
  );
  if (!Item || Number(Item[KEYS.ttl]) <= epochSeconds(now)) return undefined;
  return toRecord(Item);
}

/** heldMailRemoval: the held message leaves the list, in the transaction that releases or dismisses it. */
export function heldMailRemoval(id: string, onGone: () => Error): GuardedItem {
  return {
    item: {
      Delete: {
        TableName: config().tableName,
        Key: keys.heldMail(id),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    onConditionFailed: onGone,
  };
}

const heldMailBinding = () => listBinding('held-mail', {});

/**
 * listHeldMail: one page of held mail, newest first (byCollection `HELD_MAIL`), expired messages left out; the
 * cursor is sealed for this list.
 */
export async function listHeldMail(
  page: { limit: number; cursor?: string },
  now: Date,
): Promise<{ mails: HeldMailRecord[]; nextCursor: string | null }> {
  const keyAttributes = [KEYS.pk, KEYS.sk, INDEXES.byCollection.pk, INDEXES.byCollection.sk];
  const startKey = page.cursor
    ? await openCursor(page.cursor, heldMailBinding(), (payload) => {
        const key = stringKey(payload, keyAttributes);
        return key?.[INDEXES.byCollection.pk] === HELD_MAIL_COLLECTION ? key : undefined;
      })
    : undefined;
  const { items, nextCursor } = await readPage(
    async (ExclusiveStartKey, Limit) => {
      const result = await dynamo().send(
        new QueryCommand({
          TableName: config().tableName,
          IndexName: INDEXES.byCollection.name,
          KeyConditionExpression: '#pk = :collection',
          FilterExpression: '#ttl > :now',
          ExpressionAttributeNames: { '#pk': INDEXES.byCollection.pk, '#ttl': KEYS.ttl },
          ExpressionAttributeValues: { ':collection': HELD_MAIL_COLLECTION, ':now': epochSeconds(now) },
          ScanIndexForward: false,
          Limit,
          ExclusiveStartKey,
        }),
      );
      return { items: result.Items ?? [], lastKey: result.LastEvaluatedKey, evaluated: result.ScannedCount ?? 0 };
    },
    {
      limit: page.limit,
      filtered: true,
      budget: PAGE_BUDGET,
      startKey,
      keyAttributes,
      cursorOf: (key) => sealCursor(heldMailBinding(), key),
    },
  );
  return { mails: items.map(toRecord), nextCursor };
}
