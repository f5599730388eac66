import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { Role } from '#shared/constants.ts';
import type { User } from '#shared/schemas/user.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import {
  adminSetChange,
  deactivated,
  isActiveAdmin,
  lastAdminRefusal,
  STAFF_MESSAGES,
  withRole,
} from '../domain/staff.ts';
import { COLLECTIONS, keys } from './table.ts';
import { queryWholeCollection } from './collections.ts';

interface UserItem extends User {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
}

/** Writes that lose a race on the user item or the admin set are decided again from a fresh read, this often. */
const MAX_ATTEMPTS = 3;

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
  const transactItems = () => [
    {
      Put: {
        TableName,
        Item: { ...keys.userEmail(user.email), userId: user.id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName,
        Item: { ...keys.user(user.id), gsi1pk: COLLECTIONS.staff, gsi1sk: `${at}#${user.id}`, ...user },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...(isActiveAdmin(user) ? [adminSetUpdate(user.id, 'join')] : []),
  ];
  for (let attempt = 1; ; attempt++) {
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: transactItems() }));
      return user;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      if (reasons.some((r) => r.Code === 'ConditionalCheckFailed')) {
        throw new ConflictError(STAFF_MESSAGES.duplicateEmail);
      }
      // Only a concurrent write to the admin set (another admin created at once): nothing was written, go again.
      const lostRace = reasons.some((r) => r.Code === 'TransactionConflict');
      if (!lostRace || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
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

/** setUserRole: only while the user is as last read; never takes the role away from the last active admin. */
export function setUserRole(userId: string, role: Role, now = new Date()): Promise<User> {
  return changeStaffStatus(userId, (user) => withRole(user, role, now), 'changeRole');
}

/** deactivateUser: marks the entry inactive; never deactivates the last active admin. Idempotent. */
export function deactivateUser(userId: string, now = new Date()): Promise<User> {
  return changeStaffStatus(userId, (user) => (user.isActive ? deactivated(user, now) : user), 'deactivate');
}

async function changeStaffStatus(
  userId: string,
  change: (user: User) => User,
  attempted: 'deactivate' | 'changeRole',
): Promise<User> {
  for (let attempt = 1; ; attempt++) {
    const before = await getUser(userId);
    if (!before) throw new NotFoundError(STAFF_MESSAGES.userNotFound);
    const after = change(before);
    if (after.role === before.role && after.isActive === before.isActive) return before;

    const outcome = await writeStaffStatus(before, after);
    if (outcome === 'written') return after;
    if (outcome === 'lastAdmin') throw lastAdminRefusal(attempted);
    // The user changed between our read and our write: read again and decide afresh.
    if (attempt >= MAX_ATTEMPTS) throw new ConflictError(STAFF_MESSAGES.changedMeanwhile);
  }
}

/**
 * One transaction: the user item, conditioned on the role and active flag we decided from, and the admin set,
 * conditioned on keeping at least one member when this user leaves it. Two admins demoting each other at once
 * both touch the set item, so DynamoDB serialises them and the second sees a set of one.
 */
async function writeStaffStatus(before: User, after: User): Promise<'written' | 'lastAdmin' | 'userChanged'> {
  const TableName = config().tableName;
  const setChange = adminSetChange(before, after);
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName,
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
          ...(setChange === 'none' ? [] : [adminSetUpdate(before.id, setChange)]),
        ],
      }),
    );
    return 'written';
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const [userReason, setReason] = error.CancellationReasons ?? [];
    // A user who changed meanwhile comes first: the admin set was judged against a state that no longer holds.
    if (userReason?.Code === 'ConditionalCheckFailed') return 'userChanged';
    if (setReason?.Code === 'ConditionalCheckFailed') return 'lastAdmin';
    if (userReason?.Code === 'TransactionConflict' || setReason?.Code === 'TransactionConflict') return 'userChanged';
    throw error;
  }
}

/** The admin-set half of a status transaction: add is unconditional; removal must leave someone behind. */
function adminSetUpdate(userId: string, change: 'join' | 'leave') {
  const TableName = config().tableName;
  if (change === 'join') {
    return {
      Update: {
        TableName,
        Key: keys.activeAdmins(),
        UpdateExpression: 'ADD adminIds :ids',
        ExpressionAttributeValues: { ':ids': new Set([userId]) },
      },
    };
  }
  return {
    Update: {
      TableName,
      Key: keys.activeAdmins(),
      UpdateExpression: 'DELETE adminIds :ids',
      ConditionExpression: 'contains(adminIds, :id) AND size(adminIds) > :one',
      ExpressionAttributeValues: { ':ids': new Set([userId]), ':id': userId, ':one': 1 },
    },
  };
}
