/**
 * The staff directory (docs/data-model.md, S1-S6): a user item per staff member, a claim per e-mail address, and
 * the set of active admins that guards "never leave no active admin" (docs/decisions/011).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Availability, Language, Role } from '#shared/constants.ts';
import type { AgentRouting, User } from '#shared/schemas/user.ts';
import { type AdminSetChange, isActiveAdmin } from '../domain/staff.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import type { SessionList } from '../domain/sessions.ts';
import { queryWholeCollection } from './collections.ts';
import { COLLECTIONS, keys } from './table.ts';
import { type GuardedItem, transact, withRetries, writeIf } from './transactions.ts';

interface UserItem extends Omit<User, 'availability' | 'compliance'> {
  /** The compliance permission; absent until an admin grants it. */
  compliance?: boolean;
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
  /** The user's open sessions (functions/domain/sessions.ts); absent until the first sign-in. */
  sessions?: SessionList;
  /** Counts every change of `sessions`; a change decided from a read is written only if it has not moved. */
  sessionsVersion?: number;
  /** Two-factor sign-in is on (its secrets are in the user's MFA item, functions/data/mfa.ts); absent when off. */
  mfaEnabled?: boolean;
  /** Absent on users stored before availability existed: they are `available` (docs/decisions/006). */
  availability?: Availability;
  availabilityChangedAt?: string;
  /** The user's routing (docs/decisions/006); absent: no cap, every category, every language. */
  maxOpenTickets?: number | null;
  routingCategories?: string[];
  routingLanguages?: Language[];
  /** Open and in-progress tickets assigned to the user, kept exact by the ticket transactions (T3, T6). */
  openTickets?: number;
  /** When the user's last socket closed (auto-away counts from it). */
  lastSocketClosedAt?: string;
}

const toUser = ({
  pk: _pk,
  sk: _sk,
  gsi1pk: _g1,
  gsi1sk: _g2,
  sessions: _sessions,
  sessionsVersion: _version,
  mfaEnabled: _mfa,
  availability,
  availabilityChangedAt: _changed,
  maxOpenTickets: _cap,
  routingCategories: _categories,
  routingLanguages: _languages,
  openTickets: _open,
  lastSocketClosedAt: _closed,
  compliance,
  ...user
}: UserItem): User => ({ ...user, availability: availability ?? 'available', compliance: compliance === true });

/** A directory entry with the sessions it holds, and what routing reads of it. */
export interface StaffRecord {
  user: User;
  sessions: SessionList;
  sessionsVersion: number;
  /** Whether the user signs in with a second factor (docs/decisions/083-staff-two-factor.md). */
  mfaEnabled: boolean;
  routing: AgentRouting;
  /** Open and in-progress tickets assigned now (the exact counter). */
  openTickets: number;
  /** Since when the user has been without a socket, or in their availability, whichever is later. */
  quietSince: string;
}

/** getStaffRecord: one user's directory entry and open sessions (every authenticated request reads it, S1). */
export async function getStaffRecord(userId: string): Promise<StaffRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.user(userId), ConsistentRead: true }),
  );
  return Item ? toRecord(Item as UserItem) : undefined;
}

const toRecord = (item: UserItem): StaffRecord => ({
  user: toUser(item),
  sessions: item.sessions ?? {},
  sessionsVersion: item.sessionsVersion ?? 0,
  mfaEnabled: item.mfaEnabled === true,
  routing: {
    maxOpenTickets: item.maxOpenTickets ?? null,
    categories: item.routingCategories ?? [],
    languages: item.routingLanguages ?? [],
  },
  openTickets: Number(item.openTickets ?? 0),
  // ISO times: the latest sorts last.
  quietSince:
    [item.lastSocketClosedAt, item.availabilityChangedAt, item.createdAt]
      .filter((at): at is string => !!at)
      .sort()
      .at(-1) ?? '',
});

/**
 * compliancePermissionWrite: grants or takes back the compliance permission of an existing user, for the transaction
 * that also writes the audit entry (S1). Read on every request with the rest of the directory entry.
 */
export function compliancePermissionWrite(userId: string, compliance: boolean, at: Date): GuardedItem {
  return {
    item: {
      Update: {
        TableName: config().tableName,
        Key: keys.user(userId),
        UpdateExpression: 'SET compliance = :compliance, updatedAt = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':compliance': compliance, ':at': at.toISOString() },
      },
    },
    onConditionFailed: () => new NotFoundError('error.staff.notFound'),
  };
}

/** getUser: the staff directory entry of one user (the authority for role and active flag). */
export async function getUser(userId: string): Promise<User | undefined> {
  return (await getStaffRecord(userId))?.user;
}

/**
 * sessionsWrite: replaces a user's session list, only while it is still the version `readVersion` that the new list
 * was decided from (else a StaleReadError); for the transaction of the action that changes it.
 */
export function sessionsWrite(userId: string, sessions: SessionList, readVersion: number): GuardedItem {
  return {
    item: {
      Update: {
        TableName: config().tableName,
        Key: keys.user(userId),
        UpdateExpression: 'SET sessions = :sessions, sessionsVersion = :next',
        ConditionExpression:
          'attribute_exists(pk) AND (sessionsVersion = :read OR (attribute_not_exists(sessionsVersion) AND :read = :zero))',
        ExpressionAttributeValues: {
          ':sessions': sessions,
          ':next': readVersion + 1,
          ':read': readVersion,
          ':zero': 0,
        },
      },
    },
    onConditionFailed: 'retry',
  };
}

/** endAllSessions: empties a user's session list whatever it held (password reset by an admin, S7). */
export function endAllSessions(userId: string): GuardedItem {
  return {
    item: {
      Update: {
        TableName: config().tableName,
        Key: keys.user(userId),
        UpdateExpression: 'SET sessions = :none ADD sessionsVersion :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':none': {}, ':one': 1 },
      },
    },
    onConditionFailed: () => new NotFoundError('error.staff.notFound'),
  };
}

/** findUserIdByEmail: the id behind an e-mail address, through its uniqueness item. */
export async function findUserIdByEmail(email: string): Promise<string | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.userEmail(email), ConsistentRead: true }),
  );
  return Item?.userId as string | undefined;
}

export interface NewUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  profileImageUrl?: string | null;
}

/**
 * putNewUser: the directory entry and its e-mail claim, together; refused if the e-mail is taken. A new admin
 * joins the set of active admins in the same transaction (every user is created here, so the set stays true).
 * Nothing here is decided from a read, so a transaction that met another (two admins created at once both ADD to the
 * set) is simply written again, a few times.
 */
export async function putNewUser(
  input: NewUser,
  now = new Date(),
  /** Written in the same transaction (the audit entry of the creation). */
  alongWith: readonly GuardedItem[] = [],
): Promise<User> {
  const at = now.toISOString();
  const user: User = {
    id: input.id,
    email: input.email.toLowerCase(),
    firstName: input.firstName,
    lastName: input.lastName,
    profileImageUrl: input.profileImageUrl ?? null,
    role: input.role,
    isActive: true,
    availability: 'available',
    compliance: false,
    createdAt: at,
    updatedAt: at,
  };
  const TableName = config().tableName;
  const emailTaken = () => new ConflictError('error.staff.duplicateEmail');
  const items: GuardedItem[] = [
    {
      item: {
        Put: {
          TableName,
          Item: { ...keys.userEmail(user.email), userId: user.id },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      onConditionFailed: emailTaken,
    },
    {
      item: {
        Put: {
          TableName,
          Item: { ...keys.user(user.id), gsi1pk: COLLECTIONS.staff, gsi1sk: `${at}#${user.id}`, ...user },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      onConditionFailed: emailTaken,
    },
    ...(isActiveAdmin(user) ? [adminSetJoin(user.id)] : []),
    ...alongWith,
  ];
  await withRetries(
    {
      maxAttempts: 3,
      baseMs: 10,
      capMs: 50,
      exhausted: () => new Error('Creating a user kept meeting other transactions'),
    },
    () => transact(items),
  );
  return user;
}

/** listStaff: every staff member in joining order (bounded by the size of the team, not by tickets). */
export async function listStaff(): Promise<User[]> {
  return (await listStaffRecords()).map((record) => record.user);
}

/**
 * listStaffRecords: every staff member with the sessions they hold, in joining order (the notifier's audience). Read
 * from an index, so a session opened or ended a moment ago may not show yet; getStaffRecord is the authority.
 */
export async function listStaffRecords(): Promise<StaffRecord[]> {
  return (await queryWholeCollection<UserItem>(COLLECTIONS.staff)).map(toRecord);
}

/** listActiveAdminIds: the ids in the active-admin set (what the last-admin guard counts). */
export async function listActiveAdminIds(): Promise<string[]> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.activeAdmins(), ConsistentRead: true }),
  );
  const ids = Item?.adminIds as Set<string> | undefined;
  return ids ? [...ids].sort() : [];
}

/**
 * writeStaffStatus: the user item, only while its role and active flag are still those of `before` (else a
 * StaleReadError), and the admin set, only keeping at least one member when this user leaves it (else `lastAdmin`).
 * Two admins demoting each other at once both touch the set item, so DynamoDB serialises them and the second sees a
 * set of one. A user who changed meanwhile comes first: the admin set was judged against a state that no longer holds.
 */
export async function writeStaffStatus(
  before: User,
  after: User,
  adminSet: { change: AdminSetChange; lastAdmin: () => Error },
  /** The user's sessions after the change, written with it (a demotion or a deactivation); unchanged if absent. */
  sessionsAfter: SessionList | undefined,
  /** Written in the same transaction (the audit entry of the change). */
  alongWith: readonly GuardedItem[] = [],
): Promise<void> {
  await transact([
    {
      item: {
        Update: {
          TableName: config().tableName,
          Key: keys.user(before.id),
          UpdateExpression: `SET #role = :role, isActive = :active, updatedAt = :at${sessionsAfter ? ', sessions = :sessions ADD sessionsVersion :one' : ''}`,
          ConditionExpression: '#role = :prevRole AND isActive = :prevActive',
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: {
            ':role': after.role,
            ':active': after.isActive,
            ':at': after.updatedAt,
            ':prevRole': before.role,
            ':prevActive': before.isActive,
            ...(sessionsAfter ? { ':sessions': sessionsAfter, ':one': 1 } : {}),
          },
        },
      },
      onConditionFailed: 'retry',
    },
    ...(adminSet.change === 'join' ? [adminSetJoin(before.id)] : []),
    ...(adminSet.change === 'leave' ? [adminSetLeave(before.id, adminSet.lastAdmin)] : []),
    ...alongWith,
  ]);
}

/** Joining the set of active admins: unconditional. */
function adminSetJoin(userId: string): GuardedItem {
  return {
    item: {
      Update: {
        TableName: config().tableName,
        Key: keys.activeAdmins(),
        UpdateExpression: 'ADD adminIds :ids',
        ExpressionAttributeValues: { ':ids': new Set([userId]) },
      },
    },
  };
}

/** Leaving the set of active admins: only if someone stays behind. */
function adminSetLeave(userId: string, lastAdmin: () => Error): GuardedItem {
  return {
    item: {
      Update: {
        TableName: config().tableName,
        Key: keys.activeAdmins(),
        UpdateExpression: 'DELETE adminIds :ids',
        ConditionExpression: 'contains(adminIds, :id) AND size(adminIds) > :one',
        ExpressionAttributeValues: { ':ids': new Set([userId]), ':id': userId, ':one': 1 },
      },
    },
    onConditionFailed: lastAdmin,
    onlyIfReadHeld: true,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Availability and routing (docs/decisions/006-routing-by-availability-capacity-skill.md)

/**
 * setAvailability: a staff member's availability; only while it is still `expected` when one is given (auto-away
 * never overrides a choice made meanwhile). False when that condition failed or the user does not exist.
 */
export async function setAvailability(
  userId: string,
  availability: Availability,
  now: Date,
  expected?: { availability: Availability; quietSince?: string },
): Promise<boolean> {
  const guard = expected
    ? ' AND (availability = :expected OR (attribute_not_exists(availability) AND :expected = :available))' +
      (expected.quietSince !== undefined
        ? ' AND (attribute_not_exists(lastSocketClosedAt) OR lastSocketClosedAt <= :quietSince)' +
          ' AND (attribute_not_exists(availabilityChangedAt) OR availabilityChangedAt <= :quietSince)'
        : '')
    : '';
  return writeIf({
    update: {
      TableName: config().tableName,
      Key: keys.user(userId),
      UpdateExpression: 'SET availability = :availability, availabilityChangedAt = :at',
      ConditionExpression: `attribute_exists(pk)${guard}`,
      ExpressionAttributeValues: {
        ':availability': availability,
        ':at': now.toISOString(),
        ...(expected ? { ':expected': expected.availability, ':available': 'available' } : {}),
        ...(expected?.quietSince !== undefined ? { ':quietSince': expected.quietSince } : {}),
      },
    },
  });
}

/** routingWrite: an agent's cap, categories and languages, for the transaction with its audit entry (404 if gone). */
export function routingWrite(userId: string, routing: AgentRouting, now: Date): GuardedItem {
  return {
    item: {
      Update: {
        TableName: config().tableName,
        Key: keys.user(userId),
        UpdateExpression:
          'SET maxOpenTickets = :cap, routingCategories = :categories, routingLanguages = :languages, updatedAt = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: {
          ':cap': routing.maxOpenTickets,
          ':categories': routing.categories,
          ':languages': routing.languages,
          ':at': now.toISOString(),
        },
      },
    },
    onConditionFailed: () => new NotFoundError('error.staff.notFound'),
  };
}

/** noteSocketClosed: when a user's socket closed, for auto-away (one small write per disconnect). */
export async function noteSocketClosed(userId: string, now: Date): Promise<void> {
  await writeIf({
    update: {
      TableName: config().tableName,
      Key: keys.user(userId),
      UpdateExpression: 'SET lastSocketClosedAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': now.toISOString() },
    },
  });
}

/** What a ticket write asks of a user item it names: the counter's move, and a condition on the user if any. */
export interface UserLoadWrite {
  userId: string;
  /** +1 / -1 open tickets (0: only the condition). */
  delta: number;
  guard?: AssigneeGuard;
}

/** The conditions an assignee must meet when the ticket is written. */
export interface AssigneeGuard {
  roles: readonly string[];
  /** Routing: `available`, and under their cap before this ticket. */
  routable?: boolean;
  onFailed: NonNullable<GuardedItem['onConditionFailed']>;
}

/**
 * userLoadItem: moves a user's open-ticket counter with the ticket write, conditioned as asked. One item per user per
 * transaction: the counter's update carries the assignee's condition (DynamoDB refuses two operations on one item).
 */
export function userLoadItem({ userId, delta, guard }: UserLoadWrite): GuardedItem {
  const roleValues = Object.fromEntries((guard?.roles ?? []).map((role, i) => [`:role${i}`, role]));
  const conditions = ['attribute_exists(pk)'];
  const values: Record<string, unknown> = {};
  if (guard) {
    conditions.push(`isActive = :true AND #role IN (${Object.keys(roleValues).join(', ')})`);
    Object.assign(values, { ':true': true, ...roleValues });
    if (guard.routable) {
      conditions.push(
        '(attribute_not_exists(availability) OR availability = :available)',
        '(attribute_not_exists(maxOpenTickets) OR attribute_type(maxOpenTickets, :nullType) OR attribute_not_exists(openTickets) OR openTickets < maxOpenTickets)',
      );
      Object.assign(values, { ':available': 'available', ':nullType': 'NULL' });
    }
  }
  const names = guard ? { '#role': 'role' } : undefined;
  const ConditionExpression = conditions.join(' AND ');
  const item: GuardedItem['item'] =
    delta === 0
      ? {
          ConditionCheck: {
            TableName: config().tableName,
            Key: keys.user(userId),
            ConditionExpression,
            ...(names ? { ExpressionAttributeNames: names } : {}),
            ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
          },
        }
      : {
          Update: {
            TableName: config().tableName,
            Key: keys.user(userId),
            UpdateExpression: 'ADD openTickets :delta',
            ConditionExpression,
            ...(names ? { ExpressionAttributeNames: names } : {}),
            ExpressionAttributeValues: { ...values, ':delta': delta },
          },
        };
  // A counter that moves for a user who is gone from the directory has nothing to count: the write is stale.
  return { item, onConditionFailed: guard?.onFailed ?? 'retry' };
}
