/**
 * One notification e-mail per person and ticket per window (docs/decisions/006; docs/data-model.md, N1): the first
 * alarm's e-mail takes the window with a conditional write; later alarms in it fold into it (counted on the item) and
 * send nothing. The item expires with its window; until DynamoDB's TTL removes it, its `windowEndsAt` decides.
 */
import { config } from '../lib/config.ts';
import { keys } from './table.ts';
import { writeIf } from './transactions.ts';

/**
 * takeNotificationWindow: true when this e-mail (named by its job id) may go: the window was free, had ended, or is
 * already this job's (a retried fan-out queues the same job again). False when another e-mail holds it; the alarm is
 * then counted as folded into that one.
 */
export async function takeNotificationWindow(
  userId: string,
  ticketId: number,
  jobId: string,
  windowMs: number,
  now = new Date(),
): Promise<boolean> {
  const TableName = config().tableName;
  const Key = keys.notificationWindow(userId, ticketId);
  const ends = new Date(now.getTime() + windowMs);
  const taken = await writeIf({
    put: {
      TableName,
      Item: { ...Key, jobId, windowEndsAt: ends.toISOString(), folded: 0, expiresAt: Math.ceil(ends.getTime() / 1000) },
      ConditionExpression: 'attribute_not_exists(pk) OR windowEndsAt <= :now OR jobId = :jobId',
      ExpressionAttributeValues: { ':now': now.toISOString(), ':jobId': jobId },
    },
  });
  if (taken) return true;
  await writeIf({
    update: {
      TableName,
      Key,
      UpdateExpression: 'ADD folded :one',
      // Never make a window item without its end (one that expired meanwhile stays gone).
      ConditionExpression: 'attribute_exists(windowEndsAt)',
      ExpressionAttributeValues: { ':one': 1 },
    },
  });
  return false;
}
