/**
 * The table's stream → real-time alarms and change notices to the staff's sockets; the work is the use case
 * functions/use-cases/alarms/notify.ts (docs/decisions/020-alarm-delivery.md).
 */
import middy from '@middy/core';
import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { observed } from '../lib/observability.ts';
import { notify } from '../use-cases/alarms/notify.ts';

export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse, Error, Context>()
  .use(observed())
  .handler((event) => notify(event));
