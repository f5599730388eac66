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
import { ConflictError } from '../lib/errors.ts';
import { queryWholeCollection } from './collections.ts';
import { COLLECTIONS, keys } from './table.ts';
import { type GuardedItem, transact, withRetries } from './transactions.ts';

interface UserItem extends User {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
}

const toUser = ({ pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, ...user }: UserItem): User => user;

/** getUser: the staff directory entry of one user (the authority for role and active flag). */
export async function getUser(userId: string): Promise<User | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.user(userId), ConsistentRead: true }),
  );
  return Item ? toUser(Item as UserItem) : undefined;
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
export async function putNewUser(input: NewUser, now = new Date()): Promise<User> {
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
  return (await queryWholeCollection<UserItem>(COLLECTIONS.staff)).map(toUser);
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
): Promise<void> {
  await transact([
    {
      item: {
        Update: {
          TableName: config().tableName,
          Key: keys.user(before.id),
          UpdateExpression: 'SET #role = :role, isActive = :active, updatedAt = :at',
          ConditionExpression: '#role = :prevRole AND isActive = :prevActive',
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: {
            ':role': after.role,
            ':active': after.isActive,
            ':at': after.updatedAt,
            ':prevRole': before.role,
            ':prevActive': before.isActive,
          },
        },
      },
      onConditionFailed: 'retry',
    },
    ...(adminSet.change === 'join' ? [adminSetJoin(before.id)] : []),
    ...(adminSet.change === 'leave' ? [adminSetLeave(before.id, adminSet.lastAdmin)] : []),
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
