/**
 * Four-eyes requests (docs/data-model.md, AP1-AP5; docs/decisions/095-four-eyes-approval.md): one item per request,
 * listed through byCollection, pending in one partition and decided in another. The decision is a conditional write
 * that the approved action carries in its own transaction, so the action runs at most once.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditActor, AuditTarget } from '#shared/schemas/audit.ts';
import type { ApprovalKind } from '#shared/schemas/approval.ts';
import { APPROVAL_LIMITS } from '#shared/schemas/approval.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { ConflictError } from '../lib/errors.ts';
import { queryCollectionPage } from './collections.ts';
import { approvalCollections, INDEXES, KEYS, keys } from './table.ts';
import type { GuardedItem } from './transactions.ts';

/** A request as stored. `payload` is the held action's input, its password sealed (`approval-secret`). */
export interface ApprovalRecord {
  id: string;
  kind: ApprovalKind;
  status: 'pending' | 'approved' | 'rejected';
  requestedBy: AuditActor;
  target: AuditTarget;
  summary: string;
  payload: Record<string, unknown>;
  createdAt: string;
  /** When it can no longer be approved (createdAt + 24 h). */
  deadline: string;
  decidedBy: AuditActor | null;
  decidedAt: string | null;
  reason: string | null;
  /** The new key's or webhook's secret, sealed, until the requester reveals it (once). */
  sealedSecret?: string;
}

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const keptUntil = (from: string) => epochSeconds(from) + APPROVAL_LIMITS.keptMs / 1000;

/** approvalPut: a new pending request (AP1), for the transaction with its audit entry. */
export function approvalPut(record: ApprovalRecord): GuardedItem {
  return {
    item: {
      Put: {
        TableName: config().tableName,
        Item: {
          ...keys.approval(record.id),
          [INDEXES.byCollection.pk]: approvalCollections.pending,
          [INDEXES.byCollection.sk]: approvalCollections.sortKey(record.createdAt, record.id),
          [KEYS.ttl]: keptUntil(record.deadline),
          ...record,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  };
}

const toRecord = (item: Record<string, unknown>): ApprovalRecord => {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, [KEYS.ttl]: _ttl, ...record } = item;
  return record as unknown as ApprovalRecord;
};

/** getApproval: one request by id (AP1). */
export async function getApproval(id: string): Promise<ApprovalRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.approval(id), ConsistentRead: true }),
  );
  return Item ? toRecord(Item) : undefined;
}

/** listPendingApprovals: the pending requests, oldest first (AP2); bounded by what admins ask in a week. */
export async function listPendingApprovals(): Promise<ApprovalRecord[]> {
  const records: ApprovalRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await queryCollectionPage<Record<string, unknown>>(approvalCollections.pending, { startKey });
    records.push(...page.items.map(toRecord));
    startKey = page.next;
  } while (startKey);
  return records;
}

/** listRecentApprovals: the last `limit` decided requests, newest first (AP3). */
export async function listRecentApprovals(limit: number): Promise<ApprovalRecord[]> {
  const page = await queryCollectionPage<Record<string, unknown>>(approvalCollections.decided, {
    order: 'descending',
    limit,
  });
  return page.items.map(toRecord);
}

export interface ApprovalDecision {
  status: 'approved' | 'rejected';
  by: AuditActor;
  at: Date;
  reason?: string;
  /** The secret the approved action made, sealed, for the requester to reveal once. */
  sealedSecret?: string;
}

/**
 * approvalDecisionWrite: the request approved or rejected (AP4), only while it is pending and not past its deadline
 * (else `notPending`); approved, it goes in the transaction of the action itself, so the action runs at most once.
 */
export function approvalDecisionWrite(id: string, decision: ApprovalDecision, notPending: () => Error): GuardedItem {
  const at = decision.at.toISOString();
  return {
    item: {
      Update: {
        TableName: config().tableName,
        Key: keys.approval(id),
        UpdateExpression: [
          'SET #status = :status, decidedBy = :by, decidedAt = :at, reason = :reason, #gpk = :decided, #gsk = :sk',
          ...(decision.sealedSecret ? [', sealedSecret = :secret'] : []),
        ].join(''),
        ConditionExpression: '#status = :pending AND deadline > :at',
        ExpressionAttributeNames: {
          '#status': 'status',
          '#gpk': INDEXES.byCollection.pk,
          '#gsk': INDEXES.byCollection.sk,
        },
        ExpressionAttributeValues: {
          ':status': decision.status,
          ':by': decision.by,
          ':at': at,
          ':reason': decision.reason ?? null,
          ':decided': approvalCollections.decided,
          ':sk': approvalCollections.sortKey(at, id),
          ':pending': 'pending',
          ...(decision.sealedSecret ? { ':secret': decision.sealedSecret } : {}),
        },
      },
    },
    onConditionFailed: notPending,
  };
}

/**
 * takeApprovalSecret: the sealed secret of an approved request, removed as it is read (AP5): only for its requester,
 * only once. Undefined when there is none (any more).
 */
export async function takeApprovalSecret(id: string, requesterId: string): Promise<string | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: keys.approval(id),
        UpdateExpression: 'REMOVE sealedSecret',
        ConditionExpression: 'attribute_exists(sealedSecret) AND requestedBy.id = :me',
        ExpressionAttributeValues: { ':me': requesterId },
        ReturnValues: 'UPDATED_OLD',
      }),
    );
    return Attributes?.sealedSecret as string | undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** The refusal of a decision on a request that is no longer pending. */
export const notPendingError = () => new ConflictError('error.approval.notPending');
