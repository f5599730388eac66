/**
 * SES's sending events in AWS: the configuration set sends bounces and complaints to EventBridge, whose rule invokes
 * this function with each one (functions/use-cases/mail/delivery-events.ts decides what they mean). The embedded
 * runtime has nothing that bounces; tests hand this handler events of SES's shape.
 */
import middy from '@middy/core';
import type { Context, EventBridgeEvent } from 'aws-lambda';
import { logger } from '../lib/logger.ts';
import { observed } from '../lib/observability.ts';
import { recordDeliveryEvent } from '../use-cases/mail/delivery-events.ts';

export const handler = middy<EventBridgeEvent<string, unknown>, void, Error, Context>()
  .use(observed())
  .handler(async (event) => {
    const marked = await recordDeliveryEvent(event.detail);
    logger.info('SES event handled', { detailType: event['detail-type'], marked });
  });
