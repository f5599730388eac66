/**
 * The overdue sweep, run every minute by EventBridge (the local scheduler in the embedded runtime). It reads only
 * tickets whose deadline has passed and are not yet marked (the DUE partition of the sparse byDeadline index, in
 * deadline order) and marks each in its own transaction. Running twice, or late, marks nothing twice: a marked
 * ticket has left DUE, and each mark is conditional on the ticket as read. The marks reach the alarms through the
 * table's stream.
 */
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context, EventBridgeEvent } from 'aws-lambda';
import { listDueTickets, markTicketOverdue } from '../data/tickets.ts';
import { logger } from '../lib/logger.ts';

/** Most tickets one run examines; the next run, a minute later, carries on. */
const MAX_PER_RUN = 1_000;
const PAGE_SIZE = 100;
/** Marks written at once: enough to keep up, few enough not to crowd out requests. */
const CONCURRENCY = 8;

export interface SweepResult {
  examined: number;
  marked: number;
}

/** Marks every unresolved ticket whose deadline is at or before `now` (up to MAX_PER_RUN). */
export async function sweepOverdue(now = new Date(), maxTickets = MAX_PER_RUN): Promise<SweepResult> {
  const result: SweepResult = { examined: 0, marked: 0 };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await listDueTickets(now, Math.min(PAGE_SIZE, maxTickets - result.examined), startKey);
    const queue = [...page.tickets];
    result.examined += queue.length;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let ticket = queue.shift(); ticket; ticket = queue.shift()) {
          if (await markTicketOverdue(ticket.id, now)) result.marked++;
        }
      }),
    );
    startKey = page.next;
  } while (startKey && result.examined < maxTickets);
  return result;
}

export const handler = middy<EventBridgeEvent<'Scheduled Event', unknown>, SweepResult, Error, Context>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async () => {
    const result = await sweepOverdue();
    logger.info('Overdue sweep done', { ...result });
    return result;
  });
