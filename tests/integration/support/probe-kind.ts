/**
 * A kind of outbound delivery that exists only in tests: `probe` posts a small JSON document to a URL, as a webhook
 * would. Its planner reacts to probe items (`PROBE#<id>` / `PROBE`, written only into the tests' own tables), one
 * delivery per entry of their `recipients`. Its sender is a real module made with defineSender, so the CDK tests can
 * bundle it as a kind's entry and the integration tests can run it behind the embedded queue.
 */
import * as z from 'zod';
import type { Planner } from '#functions/domain/outbound.ts';
import { DeliveryFailure, defineSender } from '#functions/outbound/sender.ts';

export const PROBE_KIND = 'probe';
export const PROBE_QUEUE = 'helpdesk-probe';
/** This module, as QUEUE_KINDS would name a kind's sender. */
export const PROBE_SENDER_ENTRY = 'tests/integration/support/probe-kind.ts';

/** Test-only items: never written into a table the product uses. */
export const probeKey = (id: string) => ({ pk: `PROBE#${id}`, sk: 'PROBE' });

export interface ProbeRecipient {
  name: string;
  url: string;
  /** Delivered at most once (as e-mail is) rather than at least once (as webhooks are). */
  atMostOnce?: boolean;
}

const payloadSchema = z.object({
  url: z.url(),
  label: z.string(),
  log: z.string(),
  atMostOnce: z.boolean().optional(),
});
export type ProbePayload = z.infer<typeof payloadSchema>;

/** Each recipient of a probe item that is written or changed gets one delivery; its log is the item's id. */
export const probePlanner: Planner<ProbePayload> = {
  kind: PROBE_KIND,
  plan(change) {
    if (!change.pk.startsWith('PROBE#') || !change.after) return [];
    const recipients = (change.after.recipients ?? []) as ProbeRecipient[];
    const label = String(change.after.label ?? change.eventName);
    return recipients.map(({ name, url, atMostOnce }) => ({
      recipient: name,
      payload: { url, label, log: change.pk, atMostOnce: atMostOnce === true },
    }));
  },
};

/** Headers the receiver sees, so that tests can tell attempts apart. */
export const PROBE_HEADERS = {
  jobId: 'probe-job-id',
  attempt: 'probe-attempt',
  round: 'probe-round',
  notBefore: 'probe-not-before',
} as const;

export const handler = defineSender({
  kind: PROBE_KIND,
  payload: payloadSchema,
  guarantee: (job) => (job.payload.atMostOnce ? 'at-most-once' : 'at-least-once'),
  async send(job, signal) {
    const response = await fetch(job.payload.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [PROBE_HEADERS.jobId]: job.id,
        [PROBE_HEADERS.attempt]: String(job.attempt),
        [PROBE_HEADERS.round]: String(job.round),
        ...(job.notBefore ? { [PROBE_HEADERS.notBefore]: job.notBefore } : {}),
      },
      body: JSON.stringify({ id: job.id, label: job.payload.label }),
      signal,
    });
    await response.body?.cancel();
    if (response.ok) return { detail: `HTTP ${response.status}` };
    // A 4xx other than 408/429 says the request itself is wrong: trying again cannot help.
    const permanent = response.status >= 400 && response.status < 500 && ![408, 429].includes(response.status);
    throw new DeliveryFailure(`HTTP ${response.status}`, { permanent });
  },
  history: { logKey: (job) => job.payload.log, label: (job) => job.payload.label },
});
