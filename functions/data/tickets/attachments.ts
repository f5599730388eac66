/**
 * Attachment items (docs/data-model.md, F1-F6): one per file, in its ticket's partition under `ATTACHMENT#<id>`, so
 * a file is only ever found under the ticket it belongs to. An uploaded file waits (with a TTL) until a message takes
 * it, in that message's transaction, on condition that no message took it before and that the uploader is the
 * writer; a file that came with an e-mail is written attached (or refused) with its message.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Actor, HistoryEntry } from '#shared/schemas/ticket.ts';
import type { AttachmentRefusal, ScanStatus } from '#shared/schemas/attachment.ts';
import { dynamo } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { keys, TICKET_THREAD_PREFIXES } from '../table.ts';
import type { GuardedItem } from '../transactions.ts';
import { queryThread } from './thread.ts';
import { historyPut } from './writes.ts';

const TableName = () => config().tableName;

/** An attachment as the table keeps it. */
export interface AttachmentRecord {
  id: string;
  ticketId: number;
  /** The message it belongs to; absent while it waits for one. */
  messageId?: string;
  filename: string;
  /** Sniffed from the bytes once verified; until then (and for a refused file) what the sender declared. */
  contentType: string;
  size: number;
  sha256?: string;
  scanStatus: ScanStatus;
  /** `uploading`: waiting for a message; then `available`, `refused` or `removed`. */
  state: 'uploading' | 'available' | 'refused' | 'removed';
  refusedReason?: AttachmentRefusal;
  /** Who uploaded it (a staff member, an API key, the customer by e-mail). */
  uploader: Actor;
  removed?: { byId: string; byName: string; at: string; reason: string };
  createdAt: string;
  /** TTL while it waits for a message (a day); removed when a message takes it. */
  expiresAt?: number;
}

const toRecord = (item: Record<string, unknown>): AttachmentRecord => {
  const { pk: _pk, sk: _sk, ...rest } = item;
  return rest as unknown as AttachmentRecord;
};

/** The Put of a new upload, never over an existing item. */
export async function putUpload(record: AttachmentRecord): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: TableName(),
      Item: { ...keys.ticketAttachment(record.ticketId, record.id), ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** getAttachment: one attachment of one ticket (consistent); another ticket's id finds nothing. */
export async function getAttachment(ticketId: number, attachmentId: string): Promise<AttachmentRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: TableName(),
      Key: keys.ticketAttachment(ticketId, attachmentId),
      ConsistentRead: true,
    }),
  );
  return Item ? toRecord(Item) : undefined;
}

/** listAttachments: every attachment of a ticket (one Query of its partition's `ATTACHMENT#` items). */
export async function listAttachments(ticketId: number): Promise<AttachmentRecord[]> {
  return (await queryThread(ticketId, TICKET_THREAD_PREFIXES.attachments)).map(toRecord);
}

/**
 * The Update that gives an upload to a message, in the message's transaction: only if it still waits for one and
 * the writer uploaded it. Its verified type and hash are recorded, the TTL goes.
 */
export function attachToMessage(
  record: AttachmentRecord,
  verified: { contentType: string; sha256: string },
  messageId: string,
  uploaderId: string,
  refusal: () => Error,
): GuardedItem {
  return {
    item: {
      Update: {
        TableName: TableName(),
        Key: keys.ticketAttachment(record.ticketId, record.id),
        UpdateExpression:
          'SET messageId = :message, contentType = :type, sha256 = :sha, #state = :available REMOVE expiresAt',
        ConditionExpression: 'attribute_exists(pk) AND #state = :uploading AND uploader.id = :uploader',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':message': messageId,
          ':type': verified.contentType,
          ':sha': verified.sha256,
          ':available': 'available',
          ':uploading': 'uploading',
          ':uploader': uploaderId,
        },
      },
    },
    onConditionFailed: refusal,
  };
}

/**
 * The Put of a file that came with a customer's e-mail (its bytes already stored under the ticket), in its message's
 * transaction; never over an existing item.
 */
export function mailAttachmentPut(record: AttachmentRecord): GuardedItem {
  return {
    item: {
      Put: {
        TableName: TableName(),
        Item: { ...keys.ticketAttachment(record.ticketId, record.id), ...record },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  };
}

/** The Update that marks a file removed (its bytes go after the transaction), only while it is available. */
export function attachmentRemoval(
  record: AttachmentRecord,
  removed: NonNullable<AttachmentRecord['removed']>,
  refusal: () => Error,
): GuardedItem {
  return {
    item: {
      Update: {
        TableName: TableName(),
        Key: keys.ticketAttachment(record.ticketId, record.id),
        UpdateExpression: 'SET #state = :removed, removed = :by REMOVE sha256',
        ConditionExpression: '#state = :available',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':removed': 'removed', ':by': removed, ':available': 'available' },
      },
    },
    onConditionFailed: refusal,
  };
}

/** recordHistory: a history entry on its own (a download changes nothing else). */
export async function recordHistory(ticketId: number, entry: Omit<HistoryEntry, 'id'>): Promise<void> {
  const { item } = historyPut(ticketId, entry);
  await dynamo().send(new PutCommand(item.Put!));
}

/**
 * The Update that records a scan's verdict on a file, only while its scan is pending (a verdict heard twice, or after
 * an admin removed the file, changes nothing). Standalone, or as a guarded item of a ticket transaction.
 */
export function scanVerdict(record: Pick<AttachmentRecord, 'ticketId' | 'id'>, scanStatus: ScanStatus): GuardedItem {
  return {
    item: {
      Update: {
        TableName: TableName(),
        Key: keys.ticketAttachment(record.ticketId, record.id),
        UpdateExpression: 'SET scanStatus = :verdict',
        ConditionExpression: 'attribute_exists(pk) AND scanStatus = :pending',
        ExpressionAttributeValues: { ':verdict': scanStatus, ':pending': 'pending' },
      },
    },
    onConditionFailed: () => new ScanAlreadyRecordedError(),
  };
}

/** The file's scan was no longer pending when its verdict came: nothing to do. */
export class ScanAlreadyRecordedError extends Error {
  constructor() {
    super('The file has no pending scan');
    this.name = 'ScanAlreadyRecordedError';
  }
}

/** recordScanVerdict: scanVerdict on its own; false when the scan was no longer pending. */
export async function recordScanVerdict(
  record: Pick<AttachmentRecord, 'ticketId' | 'id'>,
  scanStatus: ScanStatus,
): Promise<boolean> {
  try {
    await dynamo().send(new UpdateCommand(scanVerdict(record, scanStatus).item.Update!));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
