/**
 * Ticket items and their access patterns (docs/data-model.md). Every change to a ticket is one transaction: the
 * ticket (conditional on the version it was decided from), the aggregate counters it moves, the categories'
 * usage counts, and a history entry. Lists and the overdue queries read bounded pages of one index each.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Priority, TicketStatus, TicketType } from '#shared/constants.ts';
import type { Category } from '#shared/schemas/category.ts';
import {
  TICKET_MESSAGES,
  type Actor,
  type Comment,
  type FieldChange,
  type HistoryAction,
  type HistoryEntry,
  type TicketAssignee,
} from '#shared/schemas/ticket.ts';
import type { User } from '#shared/schemas/user.ts';
import { deadlinePartition } from '../domain/deadlines.ts';
import { aggregateDeltas } from '../domain/metrics.ts';
import { canBeAssigned } from '../domain/permissions.ts';
import { nextAgent, roundRobinPool } from '../domain/round-robin.ts';
import {
  assignTicket as assignTransition,
  commentOnTicket,
  displayName,
  editTicket as editTransition,
  markOverdue,
  newTicket,
  type TicketEdit,
  type TicketRecord,
  type Transition,
} from '../domain/tickets.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { logger } from '../lib/logger.ts';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors.ts';
import { getCategory, getCategoryByName } from './categories.ts';
import { passRoundRobinTurn, roundRobinWrite, takeRoundRobinTurn, waitForRoundRobinTurn } from './round-robin.ts';
import { nextTicketNumber } from './sequence.ts';
import { aggregateUpdates } from './stats.ts';
import {
  COLLECTIONS,
  DEADLINE_PARTITIONS,
  INDEXES,
  keys,
  TICKET_THREAD_PREFIXES,
  ticketIdOfKey,
  ticketIndexKeys,
  type IndexName,
} from './table.ts';
import {
  DEFAULT_RETRY,
  StaleReadError,
  transact,
  withRetries,
  type GuardedItem,
  type RetryOptions,
} from './transactions.ts';
import { getUser, listStaff } from './users.ts';

// ---------------------------------------------------------------------------------------------------------------
// Item shape

/** Lower-cased copies for the case-insensitive search (`customerEmail` is stored lower-cased already). */
interface SearchFields {
  subjectLower: string;
  ticketIdLower: string;
}

type TicketItem = TicketRecord & SearchFields & Record<string, unknown>;

/** The stored item of a ticket: its record, search copies and the keys of every index it belongs to. */
export function ticketItem(t: TicketRecord): TicketItem {
  const created = ticketIndexKeys.created(t.createdAt, t.id);
  const partition = deadlinePartition(t);
  return {
    ...keys.ticket(t.id),
    ...t,
    subjectLower: t.subject.toLowerCase(),
    ticketIdLower: t.ticketId.toLowerCase(),
    [INDEXES.byCollection.pk]: COLLECTIONS.tickets,
    [INDEXES.byCollection.sk]: created,
    [INDEXES.byStatus.pk]: ticketIndexKeys.status(t.status),
    [INDEXES.byStatus.sk]: created,
    ...(t.assignedToId
      ? { [INDEXES.byAssignee.pk]: ticketIndexKeys.assignee(t.assignedToId), [INDEXES.byAssignee.sk]: created }
      : {}),
    [INDEXES.byType.pk]: ticketIndexKeys.type(t.type),
    [INDEXES.byType.sk]: created,
    // Sparse: resolved and closed tickets carry no deadline-index keys, so the overdue job never reads them.
    ...(partition
      ? {
          [INDEXES.byDeadline.pk]: DEADLINE_PARTITIONS[partition],
          [INDEXES.byDeadline.sk]: ticketIndexKeys.deadline(t.deadline, t.id),
        }
      : {}),
  };
}

const RECORD_FIELDS = [
  'id',
  'ticketId',
  'subject',
  'description',
  'customerEmail',
  'category',
  'categoryId',
  'priority',
  'status',
  'type',
  'assignedToId',
  'assignedTo',
  'createdById',
  'createdByApiKeyId',
  'deadline',
  'isOverdue',
  'createdAt',
  'updatedAt',
  'resolvedAt',
  'responseTime',
  'resolutionTime',
  'version',
  'assignedAt',
  'firstResponseAt',
  'responseAgentId',
  'resolutionAgentId',
  'slaMet',
  'rating',
] as const satisfies readonly (keyof TicketRecord)[];

function fromItem(item: Record<string, unknown>): TicketRecord {
  const record = Object.fromEntries(RECORD_FIELDS.map((field) => [field, item[field] ?? null]));
  return record as unknown as TicketRecord;
}

// ---------------------------------------------------------------------------------------------------------------
// Shared pieces of every ticket transaction

const TableName = () => config().tableName;

/** The ticket as changed, written only over the version it was decided from. */
function putTicket(next: TicketRecord, readVersion: number): GuardedItem {
  return {
    item: {
      Put: {
        TableName: TableName(),
        Item: ticketItem(next),
        ConditionExpression: '#version = :version',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':version': readVersion },
      },
    },
    onConditionFailed: 'retry',
  };
}

function historyEntry(
  ticketId: number,
  actor: Actor,
  action: HistoryAction,
  changes: FieldChange[],
  at: string,
): GuardedItem {
  const id = randomUUID();
  const entry: HistoryEntry = { id, at, actor, action, changes };
  return {
    item: { Put: { TableName: TableName(), Item: { ...keys.ticketHistory(ticketId, at, id), ticketId, ...entry } } },
  };
}

/** ADD to a category's usage count; adding to a category requires it to be active. */
function categoryUsage(categoryId: string, amount: 1 | -1): GuardedItem {
  const adding = amount > 0;
  return {
    item: {
      Update: {
        TableName: TableName(),
        Key: keys.category(categoryId),
        UpdateExpression: 'ADD usageCount :n',
        ConditionExpression: adding ? 'attribute_exists(pk) AND isActive = :true' : 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':n': amount, ...(adding ? { ':true': true } : {}) },
      },
    },
    onConditionFailed: adding ? () => unknownCategory() : 'retry',
  };
}

/** The assignee must still be active (and, for round robin, still an agent) when the ticket is written. */
function assigneeStillEligible(
  userId: string,
  roles: readonly string[],
  onFailed: GuardedItem['onConditionFailed'],
): GuardedItem {
  const roleValues = Object.fromEntries(roles.map((role, i) => [`:role${i}`, role]));
  return {
    item: {
      ConditionCheck: {
        TableName: TableName(),
        Key: keys.user(userId),
        ConditionExpression: `isActive = :true AND #role IN (${Object.keys(roleValues).join(', ')})`,
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':true': true, ...roleValues },
      },
    },
    onConditionFailed: onFailed,
  };
}

const unknownCategory = () =>
  new ValidationError(TICKET_MESSAGES.unknownCategory, { category: TICKET_MESSAGES.unknownCategory });

const ticketBusy = () => new ConflictError(TICKET_MESSAGES.busy);

const asAssignee = (user: User): TicketAssignee => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
});

/** Resolves a category name to an active category, or refuses with the form's message. */
async function activeCategoryNamed(name: string): Promise<Category> {
  const category = await getCategoryByName(name);
  if (!category?.isActive) throw unknownCategory();
  return category;
}

/** Resolves an assignee id to an active staff member, or refuses. */
async function eligibleAssignee(userId: string, field: string): Promise<User> {
  const user = await getUser(userId);
  if (!user || !canBeAssigned(user)) {
    throw new ValidationError(TICKET_MESSAGES.inactiveAssignee, { [field]: TICKET_MESSAGES.inactiveAssignee });
  }
  return user;
}

// ---------------------------------------------------------------------------------------------------------------
// Reads

/** getTicket: one ticket by id (strongly consistent: every change decides from it). */
export async function getTicket(id: number): Promise<TicketRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: TableName(), Key: keys.ticket(id), ConsistentRead: true }),
  );
  return Item ? fromItem(Item) : undefined;
}

/** requireTicket: one ticket by id, or a 404. */
export async function requireTicket(id: number): Promise<TicketRecord> {
  const ticket = await getTicket(id);
  if (!ticket) throw new NotFoundError(TICKET_MESSAGES.notFound);
  return ticket;
}

// ---------------------------------------------------------------------------------------------------------------
// Create

export interface NewTicketRequest {
  customerEmail: string;
  subject: string;
  description: string;
  category: string;
  priority: Priority;
  type: TicketType;
  assignedToId?: string;
}

export interface CreateTicketCommand {
  request: NewTicketRequest;
  actor: Actor;
  createdById: string | null;
  createdByApiKeyId: string | null;
  /** `Idempotency-Key` handling: `scope` is the caller (a key is theirs alone), `fingerprint` the request. */
  idempotency?: { scope: string; key: string; fingerprint: string };
  now?: Date;
}

/** How long a key is remembered. */
const IDEMPOTENCY_TTL_SECONDS = 24 * 3_600;

/**
 * Round-robin creates take turns (functions/data/round-robin.ts), so they rarely conflict; the extra attempts cover
 * one that went ahead of a stalled line and met the create it overtook.
 */
const CREATE_RETRY: Omit<RetryOptions, 'exhausted'> = { maxAttempts: 20, baseMs: 10, capMs: 200 };

class IdempotentReplay extends Error {
  override name = 'IdempotentReplay';
}

/**
 * Replays a create already made with this key: the ticket as it is now. A key reused for a different request is
 * refused; an expired key is forgotten (TTL deletion is lazy, so reads check `expiresAt` themselves).
 */
async function findReplay(
  idempotency: NonNullable<CreateTicketCommand['idempotency']>,
  now: Date,
): Promise<TicketRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: TableName(),
      Key: keys.idempotency(idempotency.scope, idempotency.key),
      ConsistentRead: true,
    }),
  );
  if (!Item || Number(Item.expiresAt) <= now.getTime() / 1000) return undefined;
  if (Item.fingerprint !== idempotency.fingerprint) throw new ConflictError(TICKET_MESSAGES.idempotencyKeyReused);
  return requireTicket(Number(Item.ticketNumber));
}

const STAFF_ROLES = ['admin', 'manager', 'agent'] as const;

/** Round-robin progress of one create, kept across its attempts: the pool it read and the turn it holds. */
interface RoundRobinProgress {
  pool?: User[];
  turn?: number;
}

/**
 * The next active agent by round robin, and the items that write that choice only over the state it was made from
 * and only while the agent is still an active agent. No agent: no assignee and nothing to write.
 */
async function roundRobinAssignment(
  progress: RoundRobinProgress,
  at: string,
): Promise<{ assignee?: User; items: GuardedItem[] }> {
  progress.pool ??= roundRobinPool(await listStaff());
  if (progress.pool.length === 0) return { items: [] };
  progress.turn ??= await takeRoundRobinTurn();
  const state = await waitForRoundRobinTurn(progress.turn);
  const assignee = nextAgent(progress.pool, state.lastAssignedAgentId)!;
  return {
    assignee,
    items: [
      roundRobinWrite(state, assignee.id, progress.turn, at),
      // Deactivated or re-roled since the staff list was read: read the list again, then retry.
      assigneeStillEligible(assignee.id, ['agent'], () => {
        progress.pool = undefined;
        return new StaleReadError('Round-robin pool changed');
      }),
    ],
  };
}

/** The Idempotency-Key's claim on this create; losing it to an earlier create means answering with that one. */
function idempotencyClaim(
  idempotency: NonNullable<CreateTicketCommand['idempotency']>,
  ticketNumber: number,
  now: Date,
): GuardedItem {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return {
    item: {
      Put: {
        TableName: TableName(),
        Item: {
          ...keys.idempotency(idempotency.scope, idempotency.key),
          ticketNumber,
          fingerprint: idempotency.fingerprint,
          createdAt: now.toISOString(),
          expiresAt: nowSeconds + IDEMPOTENCY_TTL_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :nowSeconds',
        ExpressionAttributeValues: { ':nowSeconds': nowSeconds },
      },
    },
    onConditionFailed: () => new IdempotentReplay(),
  };
}

/**
 * createTicket: a new ticket with the next number; assigned to the given active staff member, or else to the next
 * active agent by round robin, written only if the round-robin state is still as read; only into an active
 * category; once per Idempotency-Key.
 */
export async function createTicket(command: CreateTicketCommand): Promise<{ ticket: TicketRecord; replayed: boolean }> {
  const now = command.now ?? new Date();
  const at = now.toISOString();
  const { request, idempotency } = command;

  if (idempotency) {
    const replay = await findReplay(idempotency, now);
    if (replay) return { ticket: replay, replayed: true };
  }
  const category = await activeCategoryNamed(request.category);
  const chosen = request.assignedToId ? await eligibleAssignee(request.assignedToId, 'assignedToId') : undefined;
  const id = await nextTicketNumber();
  const roundRobin: RoundRobinProgress = {};

  try {
    const ticket = await withRetries({ ...CREATE_RETRY, exhausted: ticketBusy }, async () => {
      const { assignee, items } = chosen
        ? {
            assignee: chosen,
            items: [
              assigneeStillEligible(
                chosen.id,
                STAFF_ROLES,
                () =>
                  new ValidationError(TICKET_MESSAGES.inactiveAssignee, {
                    assignedToId: TICKET_MESSAGES.inactiveAssignee,
                  }),
              ),
            ],
          }
        : await roundRobinAssignment(roundRobin, at);

      const ticket = newTicket(
        {
          id,
          subject: request.subject,
          description: request.description,
          customerEmail: request.customerEmail,
          category: { id: category.id, name: category.name },
          priority: request.priority,
          type: request.type,
          assignee: assignee ? asAssignee(assignee) : null,
          createdById: command.createdById,
          createdByApiKeyId: command.createdByApiKeyId,
        },
        now,
      );
      const assigned = ticket.assignedTo
        ? [{ field: 'assignedTo', from: null, to: { id: ticket.assignedTo.id, name: displayName(ticket.assignedTo) } }]
        : [];
      await transact([
        ...items,
        {
          item: {
            Put: { TableName: TableName(), Item: ticketItem(ticket), ConditionExpression: 'attribute_not_exists(pk)' },
          },
        },
        categoryUsage(category.id, 1),
        ...aggregateUpdates(aggregateDeltas(null, ticket, now), at),
        historyEntry(id, command.actor, 'created', assigned, at),
        ...(idempotency ? [idempotencyClaim(idempotency, id, now)] : []),
      ]);
      return ticket;
    });
    return { ticket, replayed: false };
  } catch (error) {
    // This create will not write its round-robin turn: hand it on, so the creates behind it need not wait it out.
    // Best effort: if even that fails, the line moves on after its patience runs out.
    if (roundRobin.turn !== undefined) {
      await passRoundRobinTurn(roundRobin.turn, at).catch((passError: unknown) =>
        logger.warn('Could not pass on a round-robin turn', { turn: roundRobin.turn, error: passError }),
      );
    }
    // The same key won a race with this request: answer with the ticket the first one made.
    if (error instanceof IdempotentReplay && idempotency) {
      const replay = await findReplay(idempotency, now);
      if (replay) return { ticket: replay, replayed: true };
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Changes to an existing ticket

export interface ChangePlan {
  transition: Transition;
  action: HistoryAction;
  /** Further items of the same transaction (category moves, assignee check, the comment). */
  extra?: GuardedItem[];
  /** Write the history entry and extras even when the ticket itself does not change (a plain comment). */
  writeWithoutChange?: boolean;
}

/**
 * Reads the ticket, lets `decide` plan the change (and refuse it), and writes the plan in one transaction
 * conditional on the version read; when the ticket changed meanwhile, reads and decides again.
 */
export async function changeTicket(
  id: number,
  actor: Actor,
  now: Date,
  decide: (current: TicketRecord) => Promise<ChangePlan> | ChangePlan,
): Promise<TicketRecord> {
  const at = now.toISOString();
  return withRetries({ ...DEFAULT_RETRY, exhausted: ticketBusy }, async () => {
    const current = await requireTicket(id);
    const plan = await decide(current);
    const { ticket: next, changes } = plan.transition;
    const changed = changes.length > 0;
    if (!changed && !plan.writeWithoutChange) return current;

    const written: TicketRecord = changed ? { ...next, version: current.version + 1 } : current;
    const items: GuardedItem[] = changed
      ? [putTicket(written, current.version), ...aggregateUpdates(aggregateDeltas(current, written, now), at)]
      : [
          {
            item: {
              ConditionCheck: {
                TableName: TableName(),
                Key: keys.ticket(id),
                ConditionExpression: 'attribute_exists(pk)',
              },
            },
            onConditionFailed: () => new NotFoundError(TICKET_MESSAGES.notFound),
          },
        ];
    items.push(...(plan.extra ?? []), historyEntry(id, actor, plan.action, changes, at));
    await transact(items);
    return written;
  });
}

export interface TicketPatch {
  subject?: string;
  description?: string;
  priority?: Priority;
  status?: TicketStatus;
  /** A category name. */
  category?: string;
}

/**
 * updateTicket: only over the version read, only if `authorize` accepts the ticket as read, and only into an active
 * category (the old one's usage count moves to the new one).
 */
export async function updateTicket(
  id: number,
  patch: TicketPatch,
  actor: Actor,
  authorize: (current: TicketRecord) => void,
  now = new Date(),
): Promise<TicketRecord> {
  const named = patch.category === undefined ? undefined : await getCategoryByName(patch.category);
  if (patch.category !== undefined && !named) throw unknownCategory();

  return changeTicket(id, actor, now, async (current) => {
    authorize(current);
    const edit: TicketEdit = {
      subject: patch.subject,
      description: patch.description,
      priority: patch.priority,
      status: patch.status,
    };
    const extra: GuardedItem[] = [];
    if (named && named.id !== current.categoryId) {
      if (!named.isActive) throw unknownCategory();
      edit.category = { id: named.id, name: named.name };
      extra.push(categoryUsage(named.id, 1));
      // A ticket filed before its category existed as an item has no count to take back.
      if (await getCategory(current.categoryId)) extra.push(categoryUsage(current.categoryId, -1));
    }
    return { transition: editTransition(current, edit, now), action: 'updated', extra };
  });
}

/** assignTicket: only to an active staff member (checked again inside the write), only over the version read. */
export async function assignTicket(
  id: number,
  assigneeId: string,
  actor: Actor,
  now = new Date(),
): Promise<TicketRecord> {
  const assignee = await eligibleAssignee(assigneeId, 'agentId');
  return changeTicket(id, actor, now, (current) => ({
    transition: assignTransition(current, asAssignee(assignee), now),
    action: 'assigned',
    extra: [
      assigneeStillEligible(
        assignee.id,
        STAFF_ROLES,
        () => new ValidationError(TICKET_MESSAGES.inactiveAssignee, { agentId: TICKET_MESSAGES.inactiveAssignee }),
      ),
    ],
  }));
}

type CommentItem = Comment & Record<string, unknown>;

const toComment = (item: Record<string, unknown>): Comment => ({
  id: item.id as string,
  ticketId: item.ticketId as number,
  userId: item.userId as string,
  comment: item.comment as string,
  isInternal: item.isInternal as boolean,
  createdAt: item.createdAt as string,
  author: item.author as Comment['author'],
});

/**
 * addComment: the comment and its history entry, only on an existing ticket; the first comment the customer would
 * see records the ticket's response time (over the version read).
 */
export async function addComment(
  id: number,
  input: { content: string; isInternal: boolean },
  author: User,
  now = new Date(),
): Promise<Comment> {
  const at = now.toISOString();
  const comment: Comment = {
    id: randomUUID(),
    ticketId: id,
    userId: author.id,
    comment: input.content,
    isInternal: input.isInternal,
    createdAt: at,
    author: { firstName: author.firstName, lastName: author.lastName, email: author.email },
  };
  const item: CommentItem = { ...keys.ticketComment(id, at, comment.id), ...comment };
  await changeTicket(id, staffActor(author), now, (current) => ({
    transition: commentOnTicket(current, input, now),
    action: 'commented',
    extra: [{ item: { Put: { TableName: TableName(), Item: item } } }],
    writeWithoutChange: true,
  }));
  return comment;
}

/** Most entries one ticket's comments or history answer with; a ticket's thread is bounded, this only caps it. */
const THREAD_LIMIT = 1_000;

async function queryThread(
  id: number,
  prefix: (typeof TICKET_THREAD_PREFIXES)[keyof typeof TICKET_THREAD_PREFIXES],
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: TableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.ticket(id).pk, ':prefix': prefix },
        Limit: THREAD_LIMIT - items.length,
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && items.length < THREAD_LIMIT);
  return items;
}

/** listComments: a ticket's comments, oldest first (404 for an unknown ticket). */
export async function listComments(id: number): Promise<Comment[]> {
  const [items] = await Promise.all([queryThread(id, TICKET_THREAD_PREFIXES.comments), requireTicket(id)]);
  return items.map(toComment);
}

/** listHistory: a ticket's history entries, oldest first (404 for an unknown ticket). */
export async function listHistory(id: number): Promise<HistoryEntry[]> {
  const [items] = await Promise.all([queryThread(id, TICKET_THREAD_PREFIXES.history), requireTicket(id)]);
  return items.map((item) => ({
    id: item.id as string,
    at: item.at as string,
    actor: item.actor as Actor,
    action: item.action as HistoryAction,
    changes: item.changes as FieldChange[],
  }));
}

/** The actor of a staff member's change, as the history shows it. */
export const staffActor = (user: User): Actor => ({ type: 'user', id: user.id, name: displayName(user) });

// ---------------------------------------------------------------------------------------------------------------
// Lists

export interface TicketFilters {
  status?: TicketStatus;
  priority?: Priority;
  type?: TicketType;
  assignedToId?: string;
  /** Lower-cased already. */
  q?: string;
}

/** Most items one list request evaluates (matched or not): the cost of a page stays bounded for any filter. */
export const LIST_EVALUATION_BUDGET = 1_000;

interface IndexChoice {
  index: IndexName;
  partition: string;
}

/** The most selective index for the filters given: assignee, then status, then type, then all tickets. */
function chooseIndex(f: TicketFilters): IndexChoice {
  if (f.assignedToId) return { index: 'byAssignee', partition: ticketIndexKeys.assignee(f.assignedToId) };
  if (f.status) return { index: 'byStatus', partition: ticketIndexKeys.status(f.status) };
  if (f.type) return { index: 'byType', partition: ticketIndexKeys.type(f.type) };
  return { index: 'byCollection', partition: COLLECTIONS.tickets };
}

/** The filters the chosen index does not already apply, as a FilterExpression. */
function remainingFilter(
  f: TicketFilters,
  choice: IndexChoice,
): Pick<QueryCommandInput, 'FilterExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'> {
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const equals = (field: 'status' | 'type' | 'priority', value: string | undefined) => {
    if (value === undefined) return;
    parts.push(`#${field} = :${field}`);
    names[`#${field}`] = field;
    values[`:${field}`] = value;
  };
  if (choice.index !== 'byStatus') equals('status', f.status);
  if (choice.index !== 'byType') equals('type', f.type);
  equals('priority', f.priority);
  if (f.q) {
    parts.push('(contains(subjectLower, :q) OR contains(customerEmail, :q) OR contains(ticketIdLower, :q))');
    values[':q'] = f.q;
  }
  if (parts.length === 0) return {};
  return {
    FilterExpression: parts.join(' AND '),
    ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    ExpressionAttributeValues: values,
  };
}

type StartKey = Record<string, string>;

const encodeCursor = (index: IndexName, key: Record<string, unknown>): string =>
  Buffer.from(JSON.stringify({ i: index, k: key })).toString('base64url');

/** The start key inside a cursor, if it belongs to this index and partition; anything else is a 400. */
function decodeCursor(cursor: string, choice: IndexChoice): StartKey {
  const invalid = () => new ValidationError(TICKET_MESSAGES.invalidCursor, { cursor: TICKET_MESSAGES.invalidCursor });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const { pk, sk } = INDEXES[choice.index];
  const expected = ['pk', 'sk', pk, sk].sort();
  const { i, k } = (parsed ?? {}) as { i?: unknown; k?: Record<string, unknown> };
  if (i !== choice.index || !k || typeof k !== 'object') throw invalid();
  const names = Object.keys(k).sort();
  const wellFormed =
    names.length === expected.length &&
    names.every((n, j) => n === expected[j] && typeof k[n] === 'string') &&
    k[pk] === choice.partition &&
    ticketIdOfKey(k.pk) !== undefined;
  if (!wellFormed) throw invalid();
  return k as StartKey;
}

/**
 * listTickets: newest first, from the most selective index, the other filters applied by DynamoDB; stops at `limit`
 * matches or LIST_EVALUATION_BUDGET evaluated items, with a cursor whenever more may follow.
 */
export async function listTickets(
  filters: TicketFilters,
  limit: number,
  cursor?: string,
): Promise<{ tickets: TicketRecord[]; nextCursor: string | null }> {
  const choice = chooseIndex(filters);
  const index = INDEXES[choice.index];
  const filter = remainingFilter(filters, choice);
  const found: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined = cursor ? decodeCursor(cursor, choice) : undefined;
  let evaluated = 0;

  for (let round = 0; ; round++) {
    const wanted = limit - found.length;
    const budgetLeft = LIST_EVALUATION_BUDGET - evaluated;
    // Unfiltered, a page of exactly what is missing; filtered, larger pages (growing) so that few round trips fill it.
    const pageSize = filter.FilterExpression ? Math.min(budgetLeft, Math.max(wanted, 100) * 2 ** round) : wanted;
    const page = await dynamo().send(
      new QueryCommand({
        TableName: TableName(),
        IndexName: index.name,
        KeyConditionExpression: '#ipk = :partition',
        ...filter,
        ExpressionAttributeNames: { ...filter.ExpressionAttributeNames, '#ipk': index.pk },
        ExpressionAttributeValues: { ...filter.ExpressionAttributeValues, ':partition': choice.partition },
        ScanIndexForward: false,
        Limit: pageSize,
        ExclusiveStartKey: startKey,
      }),
    );
    evaluated += page.ScannedCount ?? 0;
    const items = page.Items ?? [];
    const taken = items.slice(0, wanted);
    found.push(...taken);

    if (taken.length < items.length) {
      // More matched than fit: continue right after the last one returned.
      const last = taken.at(-1)!;
      const key = Object.fromEntries(['pk', 'sk', index.pk, index.sk].map((name) => [name, last[name]]));
      return { tickets: found.map(fromItem), nextCursor: encodeCursor(choice.index, key) };
    }
    startKey = page.LastEvaluatedKey;
    if (!startKey) return { tickets: found.map(fromItem), nextCursor: null };
    if (found.length >= limit || evaluated >= LIST_EVALUATION_BUDGET) {
      return { tickets: found.map(fromItem), nextCursor: encodeCursor(choice.index, startKey) };
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Deadlines

async function queryDeadlines(
  partition: string,
  upTo: string | undefined,
  limit: number,
  startKey?: Record<string, unknown>,
): Promise<{ tickets: TicketRecord[]; next?: Record<string, unknown> }> {
  const index = INDEXES.byDeadline;
  const page = await dynamo().send(
    new QueryCommand({
      TableName: TableName(),
      IndexName: index.name,
      KeyConditionExpression: upTo ? '#pk = :partition AND #sk <= :upTo' : '#pk = :partition',
      ExpressionAttributeNames: { '#pk': index.pk, ...(upTo ? { '#sk': index.sk } : {}) },
      ExpressionAttributeValues: { ':partition': partition, ...(upTo ? { ':upTo': upTo } : {}) },
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return { tickets: (page.Items ?? []).map(fromItem), next: page.LastEvaluatedKey };
}

/**
 * listDueTickets: a page of unresolved tickets not yet marked overdue whose deadline is at or before `now`,
 * earliest first (the sparse byDeadline index holds nothing else).
 */
export function listDueTickets(now: Date, limit: number, startKey?: Record<string, unknown>) {
  return queryDeadlines(DEADLINE_PARTITIONS.due, ticketIndexKeys.deadlineUpTo(now.toISOString()), limit, startKey);
}

/**
 * listOverdueTickets: unresolved tickets past their deadline, earliest deadline first: those marked overdue, then
 * any the job has not reached yet; at most `limit`.
 */
export async function listOverdueTickets(now: Date, limit: number): Promise<TicketRecord[]> {
  const [marked, unmarked] = await Promise.all([
    queryDeadlines(DEADLINE_PARTITIONS.overdue, undefined, limit),
    listDueTickets(now, limit),
  ]);
  return [...marked.tickets, ...unmarked.tickets]
    .sort((a, b) => (a.deadline < b.deadline ? -1 : a.deadline > b.deadline ? 1 : a.id - b.id))
    .slice(0, limit);
}

export const SYSTEM_OVERDUE_ACTOR: Actor = { type: 'system', id: 'overdue-job', name: 'Overdue check' };

/**
 * markTicketOverdue: marks one ticket overdue, only if it is still unresolved, unmarked and past its deadline when
 * written (over the version read); false when there was nothing to mark.
 */
export async function markTicketOverdue(id: number, now = new Date()): Promise<boolean> {
  let marked = false;
  await changeTicket(id, SYSTEM_OVERDUE_ACTOR, now, (current) => {
    const transition = markOverdue(current, now);
    marked = transition.changes.length > 0;
    return { transition, action: 'overdue' };
  });
  return marked;
}
