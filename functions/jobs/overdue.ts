/**
 * The overdue sweep's entry point, run every minute by EventBridge (the local scheduler in the embedded runtime); the
 * work is functions/use-cases/tickets/mark-overdue.ts. The marks reach the alarms through the table's stream.
 */
import middy from '@middy/core';
import type { Context, EventBridgeEvent } from 'aws-lambda';
import { logger } from '../lib/logger.ts';
import { observed } from '../lib/observability.ts';
import { type SweepResult, sweepOverdue } from '../use-cases/tickets/mark-overdue.ts';

export const handler = middy<EventBridgeEvent<'Scheduled Event', unknown>, SweepResult, Error, Context>()
  .use(observed())
  .handler(async () => {
    const result = await sweepOverdue();
    logger.info('Overdue sweep done', { ...result });
    return result;
  });
