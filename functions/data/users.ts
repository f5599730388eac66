/**
 * The staff directory (docs/data-model.md, S1-S6): a user item per staff member, a claim per e-mail address, and
 * the set of active admins that guards "never leave no active admin" (docs/decisions/011).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '#shared/constants.ts';
import type { User } from '#shared/schemas/user.ts';
import { type AdminSetChange, isActiveAdmin } from '../domain/staff.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import type { SessionList } from '../domain/sessions.ts';
import { queryWholeCollection } from './collections.ts';
import { COLLECTIONS, keys } from './table.ts';
import { type GuardedItem, transact, withRetries } from './transactions.ts';

interface UserItem extends User {
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
}

const toUser = ({
  pk: _pk,
  sk: _sk,
  gsi1pk: _g1,
  gsi1sk: _g2,
  sessions: _sessions,
  sessionsVersion: _version,
  mfaEnabled: _mfa,
  ...user
}: UserItem): User => user;

/** A directory entry with the sessions it holds. */
export interface StaffRecord {
  user: User;
  sessions: SessionList;
  sessionsVersion: number;
  /** Whether the user signs in with a second factor (docs/decisions/083-staff-two-factor.md). */
  mfaEnabled: boolean;
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
});

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
