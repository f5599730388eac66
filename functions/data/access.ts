/**
 * What each staff member opened and downloaded, per clock hour (docs/data-model.md, "Insider risk", R1-R3;
 * docs/decisions/097-insider-risk-alerts.md): one item per person and hour, `ACCESS#<userId>#<hour>`, holding a string
 * set of short hashes of the customers whose tickets they opened (ADD: the same customer twice is one) and a count of
 * attachment downloads. A view or a download is one Update; crossing a threshold adds one transaction, whose guard
 * item (`ACCESS_ALERT#<userId>#<hour>#<kind>`, attribute_not_exists) lets exactly one alert entry through per person,
 * hour and kind, however many requests cross it at once.
 */
import { createHash } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RateWindow } from '../domain/api-keys.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { auditEntryItem, type NewAuditEntry } from './audit.ts';
import { KEYS, keys } from './table.ts';
import { transact } from './transactions.ts';

/** Another request already wrote the alert of this person, hour and kind. */
class AlreadyAlerted extends Error {
  override name = 'AlreadyAlerted';
}

/** The characters of a customer's hash kept: 48 bits, so that two customers of one hour practically never share one. */
const CUSTOMER_HASH_CHARS = 12;

/** A customer as the counter keeps them: a short prefix of the SHA-256 of their address in lower case. */
export const customerHash = (email: string): string =>
  createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, CUSTOMER_HASH_CHARS);

/** The kinds of access counted, each with its own threshold and alert. */
export type AccessKind = 'customers' | 'downloads';

/** countCustomerOpened: the customer joins the person's set for the hour; the number of distinct customers in it now. */
export async function countCustomerOpened(userId: string, window: RateWindow, email: string): Promise<number> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: keys.accessWindow(userId, window.id),
      UpdateExpression: 'ADD customers :customer SET #ttl = if_not_exists(#ttl, :expiresAt)',
      ExpressionAttributeNames: { '#ttl': KEYS.ttl },
      ExpressionAttributeValues: { ':customer': new Set([customerHash(email)]), ':expiresAt': window.expiresAt },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const customers = Attributes?.customers;
  return customers instanceof Set ? customers.size : 0;
}

/** countDownload: one more download by the person in the hour; the hour's count now. */
export async function countDownload(userId: string, window: RateWindow): Promise<number> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: keys.accessWindow(userId, window.id),
      UpdateExpression: 'ADD downloads :one SET #ttl = if_not_exists(#ttl, :expiresAt)',
      ExpressionAttributeNames: { '#ttl': KEYS.ttl },
      ExpressionAttributeValues: { ':one': 1, ':expiresAt': window.expiresAt },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.downloads ?? 0);
}

/**
 * recordAccessAlert: the alert's audit entry, with the guard that makes it the only one of its person, hour and kind.
 * Whether this call wrote it (false: another request already had).
 */
export async function recordAccessAlert(
  userId: string,
  window: RateWindow,
  kind: AccessKind,
  entry: NewAuditEntry,
): Promise<boolean> {
  try {
    await transact([
      {
        item: {
          Put: {
            TableName: config().tableName,
            Item: { ...keys.accessAlert(userId, window.id, kind), [KEYS.ttl]: window.expiresAt },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        onConditionFailed: () => new AlreadyAlerted(),
      },
      auditEntryItem(entry),
    ]);
    return true;
  } catch (error) {
    if (error instanceof AlreadyAlerted) return false;
    throw error;
  }
}
