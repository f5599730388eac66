/**
 * What the EventBridge `rate(1 minute)` rule is in AWS: invokes a handler with a Scheduled Event every minute,
 * on the minute, one invocation at a time.
 */
import { randomUUID } from 'node:crypto';
import type { EventBridgeEvent } from 'aws-lambda';
import { lambdaContext } from './lambda-context.ts';
import { outageLog } from './outage-log.ts';

type ScheduledHandler = (
  event: EventBridgeEvent<'Scheduled Event', Record<string, never>>,
  context: unknown,
) => Promise<unknown>;

export interface Schedule {
  stop(): void;
}

export function scheduledEvent(time = new Date()): EventBridgeEvent<'Scheduled Event', Record<string, never>> {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: time.toISOString(),
    region: process.env.AWS_REGION ?? 'us-east-1',
    resources: ['arn:aws:events:local:000000000000:rule/helpdesk-overdue'],
    detail: {},
  };
}

export function everyMinute(
  load: () => Promise<ScheduledHandler>,
  options: {
    functionName: string;
    /** Where failures go; by default one line when runs start failing and one when they work again. */
    onError?: (error: unknown) => void;
    periodMs?: number;
    /** While this returns true (a part the job needs is down), ticks are skipped; the next one catches up. */
    paused?: () => boolean;
  },
): Schedule {
  const periodMs = options.periodMs ?? 60_000;
  const outage = outageLog(`Scheduled ${options.functionName}`);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running = false;

  const tick = async () => {
    if (running) return; // a slow run is not overlapped by the next one
    if (options.paused?.()) return;
    running = true;
    try {
      const handler = await load();
      await handler(scheduledEvent(), lambdaContext(options.functionName));
      outage.succeeded();
    } catch (error) {
      (options.onError ?? outage.failed)(error);
    } finally {
      running = false;
    }
  };

  const scheduleNext = () => {
    if (stopped) return;
    const wait = periodMs - (Date.now() % periodMs);
    timer = setTimeout(() => {
      void tick();
      scheduleNext();
    }, wait);
  };
  scheduleNext();

  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
