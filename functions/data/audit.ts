/**
 * The audit log (docs/data-model.md, A1-A5): append-only entries in one partition, ordered by time, with three
 * sparse index keys so that each filter (action, actor, both) reads only its own entries. A page costs one Query of
 * at most `limit` items whatever the size of the log; a period is a key range, not a filter.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditAction, AuditActor, AuditEntry, AuditTarget } from '#shared/schemas/audit.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { listBinding, openCursor, sealCursor, stringKey } from './cursor.ts';
import { auditIndexKeys, INDEXES, type IndexName, KEYS, keys, PREFIX } from './table.ts';
import { type GuardedItem, transact } from './transactions.ts';

export interface NewAuditEntry {
  action: AuditAction;
  actor: AuditActor;
  target?: AuditTarget | null;
  details?: string | null;
  clientAddress?: string | null;
  /** When it happened; now if not given. */
  at?: Date;
  /** When the table may delete it (TTL); kept for good without (docs/decisions/097-insider-risk-alerts.md). */
  expiresAt?: Date;
  /**
   * Facts for the stream's readers that the log does not show (a `data_access_alert`'s figures, for its alarm);
   * stored beside the entry, never returned by `GET /api/audit`.
   */
  facts?: Record<string, unknown>;
  /** The second admin who approved the action (docs/decisions/095-four-eyes-approval.md). */
  approvedBy?: AuditActor;
}

/** The Put of one new entry, for the transaction of the action it records (never overwrites: append-only). */
export function auditEntryItem(entry: NewAuditEntry): GuardedItem {
  const at = (entry.at ?? new Date()).toISOString();
  const id = randomUUID();
  const sk = auditIndexKeys.entry(at, id);
  const record: AuditEntry = {
    id,
    at,
    action: entry.action,
    actor: entry.actor,
    target: entry.target ?? null,
    details: entry.details ?? null,
    clientAddress: entry.clientAddress ?? null,
    ...(entry.approvedBy ? { approvedBy: entry.approvedBy } : {}),
  };
  return {
    item: {
      Put: {
        TableName: config().tableName,
        Item: {
          ...keys.auditEntry(at, id),
          [INDEXES.byStatus.pk]: auditIndexKeys.action(entry.action),
          [INDEXES.byStatus.sk]: sk,
          [INDEXES.byAssignee.pk]: auditIndexKeys.actor(entry.actor.id),
          [INDEXES.byAssignee.sk]: sk,
          [INDEXES.byType.pk]: auditIndexKeys.actorAction(entry.actor.id, entry.action),
          [INDEXES.byType.sk]: sk,
          ...record,
          ...(entry.expiresAt ? { [KEYS.ttl]: Math.floor(entry.expiresAt.getTime() / 1000) } : {}),
          ...(entry.facts ? { facts: entry.facts } : {}),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  };
}

/**
 * recordAudit: writes one audit entry, in the same transaction as `alongWith` (the writes of the action it records),
 * so that the action and its entry exist together or not at all. Without `alongWith`, the entry alone (for actions
 * that write nothing to the table, such as a failed sign-in). Conditions of `alongWith` keep their meanings.
 */
export async function recordAudit(entry: NewAuditEntry, alongWith: readonly GuardedItem[] = []): Promise<void> {
  const { item } = auditEntryItem(entry);
  // Alone, the entry is one conditional Put: a transaction of one item costs twice the capacity and, on DynamoDB
  // Local, several times the latency, for nothing (a ticket view writes one on every staff GET, ADR 097).
  if (alongWith.length === 0 && item.Put) await dynamo().send(new PutCommand(item.Put));
  else await transact([...alongWith, { item }]);
}

export interface AuditFilters {
  actor?: string;
  action?: AuditAction;
  /** First and last UTC day, YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
}

/** Where a filter's entries live: the base partition, or the sparse index its filters name. */
function source(f: AuditFilters): { index?: IndexName; pkName: string; skName: string; partition: string } {
  if (f.actor && f.action) {
    const { pk, sk } = INDEXES.byType;
    return { index: 'byType', pkName: pk, skName: sk, partition: auditIndexKeys.actorAction(f.actor, f.action) };
  }
  if (f.actor) {
    const { pk, sk } = INDEXES.byAssignee;
    return { index: 'byAssignee', pkName: pk, skName: sk, partition: auditIndexKeys.actor(f.actor) };
  }
  if (f.action) {
    const { pk, sk } = INDEXES.byStatus;
    return { index: 'byStatus', pkName: pk, skName: sk, partition: auditIndexKeys.action(f.action) };
  }
  return { pkName: KEYS.pk, skName: KEYS.sk, partition: PREFIX.audit };
}

/**
 * listAuditEntries: one page, newest first, of the entries matching the filters: one Query of at most `limit`
 * items on the base partition or one sparse index; the period is the sort-key range. The cursor is sealed for these
 * filters.
 */
export async function listAuditEntries(
  filters: AuditFilters,
  limit: number,
  cursor?: string,
): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const from = source(filters);
  const binding = listBinding('audit', { ...filters });
  const keyNames = from.index ? [KEYS.pk, KEYS.sk, from.pkName, from.skName] : [KEYS.pk, KEYS.sk];
  const startKey = cursor
    ? await openCursor(cursor, binding, (payload) => {
        const key = stringKey(payload, keyNames);
        return key?.[from.pkName] === from.partition && key[KEYS.pk] === PREFIX.audit ? key : undefined;
      })
    : undefined;
  const range = [...(filters.from ? ['#sk >= :from'] : []), ...(filters.to ? ['#sk <= :to'] : [])];
  const { Items = [], LastEvaluatedKey } = await dynamo().send(
    new QueryCommand({
      TableName: config().tableName,
      ...(from.index ? { IndexName: INDEXES[from.index].name } : {}),
      KeyConditionExpression: [
        '#pk = :partition',
        ...(range.length === 2 ? ['#sk BETWEEN :from AND :to'] : range),
      ].join(' AND '),
      ExpressionAttributeNames: { '#pk': from.pkName, ...(range.length ? { '#sk': from.skName } : {}) },
      ExpressionAttributeValues: {
        ':partition': from.partition,
        // A day's entries sort from `<day>T…`; `~` sorts after every character an ISO time uses.
        ...(filters.from ? { ':from': `${filters.from}T` } : {}),
        ...(filters.to ? { ':to': `${filters.to}T~` } : {}),
      },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return {
    entries: Items.map(toAuditEntry),
    nextCursor: LastEvaluatedKey ? await sealCursor(binding, LastEvaluatedKey) : null,
  };
}

const toAuditEntry = (item: Record<string, unknown>): AuditEntry => ({
  id: item.id as string,
  at: item.at as string,
  action: item.action as AuditAction,
  actor: item.actor as AuditActor,
  target: (item.target as AuditTarget | null) ?? null,
  details: (item.details as string | null) ?? null,
  clientAddress: (item.clientAddress as string | null) ?? null,
  ...(item.approvedBy ? { approvedBy: item.approvedBy as AuditActor } : {}),
});
