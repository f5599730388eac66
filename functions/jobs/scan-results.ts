/**
 * The malware scan's entry point (AWS only): an EventBridge rule sends every "GuardDuty Malware Protection Object Scan
 * Result" of the attachments bucket here; the work is functions/use-cases/tickets/scan-results.ts. A failure is thrown,
 * so EventBridge's asynchronous invocation retries it and then leaves it on the function's dead-letter queue.
 */
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context, EventBridgeEvent } from 'aws-lambda';
import * as z from 'zod';
import { logger } from '../lib/logger.ts';
import { recordScanResult, type ScanResultHandled } from '../use-cases/tickets/scan-results.ts';

/** The part of the event the help desk reads (the rule matches only this bucket's results). */
const scanResultSchema = z.object({
  s3ObjectDetails: z.object({ bucketName: z.string(), objectKey: z.string() }),
  scanResultDetails: z.object({
    scanResultStatus: z.enum(['NO_THREATS_FOUND', 'THREATS_FOUND', 'UNSUPPORTED', 'ACCESS_DENIED', 'FAILED']),
  }),
});

export const handler = middy<EventBridgeEvent<string, unknown>, ScanResultHandled, Error, Context>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event) => {
    const parsed = scanResultSchema.safeParse(event.detail);
    if (!parsed.success) {
      // Not a result we can read: retrying would not help.
      logger.error('Unreadable malware scan result', { detailType: event['detail-type'], issues: parsed.error.issues });
      return 'ignored';
    }
    const { s3ObjectDetails, scanResultDetails } = parsed.data;
    // S3 event keys are URL-encoded; GuardDuty's are not, and ours never need encoding (tickets/<id>/<uuid>).
    const handled = await recordScanResult(s3ObjectDetails.objectKey, scanResultDetails.scanResultStatus);
    logger.info('Malware scan result', { key: s3ObjectDetails.objectKey, handled });
    return handled;
  });
