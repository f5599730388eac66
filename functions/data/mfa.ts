/**
 * Two-factor sign-in state (docs/data-model.md, M1-M7; docs/decisions/083-staff-two-factor.md): one item per user
 * holding the sealed TOTP secret (pending until confirmed), the last time step a code was used for and the hashes of
 * the unused recovery codes; the `mfaEnabled` flag on the user's directory item, which every request reads; and the
 * sign-ins waiting for their code, each an item with a five-minute TTL.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { keys } from './table.ts';
import type { GuardedItem } from './transactions.ts';

/** A user's two-factor item as stored: secrets sealed (functions/lib/secrets.ts, purpose `totp-secret`). */
export interface UserMfa {
  /** The secret of an enrolment started and not yet confirmed. */
  pendingSecret?: string;
  /** The confirmed secret: two-factor sign-in is on. */
  secret?: string;
  /** The last TOTP time step a code was accepted for; a code of that step or an earlier one is refused. */
  lastStep?: number;
  /** The hashes of the unused recovery codes (functions/domain/mfa.ts). */
  recoveryCodeHashes: string[];
}

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** getUserMfa: a user's two-factor item, if there is one (M1). */
export async function getUserMfa(userId: string): Promise<UserMfa | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.userMfa(userId), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  return {
    ...(Item.pendingSecret ? { pendingSecret: Item.pendingSecret as string } : {}),
    ...(Item.secret ? { secret: Item.secret as string } : {}),
    ...(typeof Item.lastStep === 'number' ? { lastStep: Item.lastStep } : {}),
    recoveryCodeHashes: [...((Item.recoveryCodes as Set<string> | undefined) ?? [])],
  };
}

/** pendingSecretWrite: an enrolment's new secret, pending; refused (`enabled`) while two-factor sign-in is on (M5). */
export function pendingSecretWrite(userId: string, sealedSecret: string, now: Date, enabled: () => Error): GuardedItem {
  return {
    item: {
      Update: {
        TableName: config().tableName,
        Key: keys.userMfa(userId),
        UpdateExpression: 'SET pendingSecret = :secret, pendingAt = :at',
        ConditionExpression: 'attribute_not_exists(secret)',
        ExpressionAttributeValues: { ':secret': sealedSecret, ':at': now.toISOString() },
      },
    },
    onConditionFailed: enabled,
  };
}

/**
 * mfaEnableWrites: the pending secret becomes the secret, with the step of the confirming code and the recovery
 * codes' hashes, and the directory item's flag is set; only while the pending secret is still the one the code was
 * checked against (else `moved`) (M6).
 */
export function mfaEnableWrites(
  userId: string,
  change: { pendingSecret: string; step: number; recoveryCodeHashes: readonly string[]; now: Date },
  moved: () => Error,
): GuardedItem[] {
  const TableName = config().tableName;
  return [
    {
      item: {
        Update: {
          TableName,
          Key: keys.userMfa(userId),
          UpdateExpression:
            'SET secret = :secret, lastStep = :step, recoveryCodes = :codes, enabledAt = :at REMOVE pendingSecret, pendingAt',
          ConditionExpression: 'pendingSecret = :secret AND attribute_not_exists(secret)',
          ExpressionAttributeValues: {
            ':secret': change.pendingSecret,
            ':step': change.step,
            ':codes': new Set(change.recoveryCodeHashes),
            ':at': change.now.toISOString(),
          },
        },
      },
      onConditionFailed: moved,
    },
    mfaFlagWrite(userId, true),
  ];
}

/** mfaDisableWrites: the two-factor item goes and the directory item's flag with it; only while it is on (`off`) (M7). */
export function mfaDisableWrites(userId: string, off: () => Error): GuardedItem[] {
  return [
    {
      item: {
        Delete: {
          TableName: config().tableName,
          Key: keys.userMfa(userId),
          ConditionExpression: 'attribute_exists(secret)',
        },
      },
      onConditionFailed: off,
    },
    mfaFlagWrite(userId, false),
  ];
}

function mfaFlagWrite(userId: string, on: boolean): GuardedItem {
  return {
    item: {
      Update: {
        TableName: config().tableName,
        Key: keys.user(userId),
        UpdateExpression: on ? 'SET mfaEnabled = :on' : 'REMOVE mfaEnabled',
        ConditionExpression: 'attribute_exists(pk)',
        ...(on ? { ExpressionAttributeValues: { ':on': true } } : {}),
      },
    },
    onConditionFailed: 'retry',
  };
}

/**
 * totpStepUse: a TOTP code of time step `step` is used: written only if no code of this step or a later one was used
 * before (else `used`), so a code works once even when two requests carry it at the same moment (M2).
 */
export function totpStepUse(userId: string, step: number, used: () => Error): GuardedItem {
  return {
    item: {
      Update: {
        TableName: config().tableName,
        Key: keys.userMfa(userId),
        UpdateExpression: 'SET lastStep = :step',
        ConditionExpression: 'attribute_exists(secret) AND (attribute_not_exists(lastStep) OR lastStep < :step)',
        ExpressionAttributeValues: { ':step': step },
      },
    },
    onConditionFailed: used,
  };
}

/** recoveryCodeUse: a recovery code's hash leaves the set, only if it is still in it (else `used`) (M3). */
export function recoveryCodeUse(userId: string, hash: string, used: () => Error): GuardedItem {
  return {
    item: {
      Update: {
        TableName: config().tableName,
        Key: keys.userMfa(userId),
        UpdateExpression: 'DELETE recoveryCodes :hashes',
        ConditionExpression: 'attribute_exists(secret) AND contains(recoveryCodes, :hash)',
        ExpressionAttributeValues: { ':hashes': new Set([hash]), ':hash': hash },
      },
    },
    onConditionFailed: used,
  };
}

/** A sign-in waiting for its second factor: whose, and the Cognito tokens it earned, sealed (`mfa-challenge`). */
export interface MfaChallenge {
  userId: string;
  sealedTokens: string;
}

/** putMfaChallenge: a new challenge, alive until `expires` (M4). */
export async function putMfaChallenge(hash: string, challenge: MfaChallenge, expires: Date): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: config().tableName,
      Item: { ...keys.mfaChallenge(hash), ...challenge, expiresAt: epochSeconds(expires) },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** getMfaChallenge: a live challenge (an expired one reads as none: DynamoDB Local never deletes by TTL). */
export async function getMfaChallenge(hash: string, now: Date): Promise<MfaChallenge | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.mfaChallenge(hash), ConsistentRead: true }),
  );
  if (!Item || (Item.expiresAt as number) <= epochSeconds(now)) return undefined;
  return { userId: Item.userId as string, sealedTokens: Item.sealedTokens as string };
}

/** mfaChallengeConsume: the challenge ends with the sign-in it completes; only if it is still alive (else `gone`). */
export function mfaChallengeConsume(hash: string, now: Date, gone: () => Error): GuardedItem {
  return {
    item: {
      Delete: {
        TableName: config().tableName,
        Key: keys.mfaChallenge(hash),
        ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
        ExpressionAttributeValues: { ':now': epochSeconds(now) },
      },
    },
    onConditionFailed: gone,
  };
}
