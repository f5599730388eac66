/**
 * Auto-away's entry point, run every minute by EventBridge (the local scheduler in the embedded runtime); the work is
 * functions/use-cases/routing/availability.ts `sweepAutoAway`, which does nothing while the desk has it off.
 */
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context, EventBridgeEvent } from 'aws-lambda';
import { logger } from '../lib/logger.ts';
import { type AutoAwaySweep, sweepAutoAway } from '../use-cases/routing/availability.ts';

export const handler = middy<EventBridgeEvent<'Scheduled Event', unknown>, AutoAwaySweep, Error, Context>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async () => {
    const result = await sweepAutoAway();
    if (result.madeAway) logger.info('Auto-away sweep done', { ...result });
    return result;
  });
