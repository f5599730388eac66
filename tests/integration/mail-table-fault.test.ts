/**
 * Sent once, even when the table stumbles (docs/decisions/051-outbound-delivery.md, "Sent once"): upstream clients file
 * a burst of tickets through the API with Idempotency-Key, retrying on 503, while DynamoDB Local is killed mid-way and
 * restarted by the runtime's supervisor. Every ticket that was acknowledged (201) must get exactly one acknowledgement
 * e-mail: none lost, none twice. This file starts a runtime of its own (on disk, so the table survives the kill), as
 * runtime-supervision.test.ts does, since it kills its emulator. Its figures are in docs/testing.md.
 */
import { randomUUID } from 'node:crypto';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  ListStreamsCommand,
} from '@aws-sdk/client-dynamodb-streams';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLOR_PALETTE } from '#shared/constants.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { createCategory } from '#functions/data/categories.ts';
import { listFailedJobs } from '#functions/data/outbound-jobs.ts';
import { newCategory } from '#functions/domain/categories.ts';
import { MAIL_KIND } from '#functions/domain/mail-jobs.ts';
import { config, resetConfigForTests } from '#functions/lib/config.ts';
import { logger } from '#functions/lib/logger.ts';
import { createStaffAccount } from '#functions/use-cases/staff/create-staff-account.ts';
import { PARTS, type Runtime, startRuntime } from '#infra/local/runtime.ts';
import { ApiClient } from './support/api.ts';
import { TEST_SYSTEM } from './support/fixtures.ts';
import { bareAddress } from './support/mail.ts';
import { eventually } from './support/waiting.ts';

/** Rounds in a row, each with its own kill; SOAK_ROUNDS runs more (the figures in docs/testing.md). */
const ROUNDS = Number(process.env.SOAK_ROUNDS ?? 2);
/** Tickets a round, and clients filing them at once. */
const TICKETS = Number(process.env.SOAK_TICKETS ?? 60);
const CLIENTS = 10;
/** The table is killed once this many of a round's tickets are acknowledged. */
const KILL_AFTER = Math.floor(TICKETS / 3);
/** How long a client keeps retrying one ticket (the restart of a JVM on a busy two-core machine included). */
const CREATE_DEADLINE_MS = 150_000;
/** Every acknowledgement must be in the mailbox by then, from the burst's start (retries wait up to a lease). */
const DELIVERY_DEADLINE_MS = 180_000;
/** After the last acknowledgement arrives, how long the mailbox is still watched for a second copy. */
const GRACE_MS = 6_000;

const ADMIN = { email: 'soak-admin@test.local', password: 'Soak-admin-1', firstName: 'Sam', lastName: 'Soak' };
const CATEGORY = 'soak_withdrawals';

let runtime: Runtime;
let dataDir: string;
let apiKey: string;
const reports: string[] = [];
/** What the runtime logged (the queues' dead-letter moves among it), for the failure message. */
const logs: string[] = [];
let previousLogLevel: ReturnType<typeof logger.getLevelName>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  // The outage makes the functions log errors on purpose; the assertions say what matters.
  previousLogLevel = logger.getLevelName();
  logger.setLogLevel('CRITICAL');
  dataDir = await mkdtemp(join(tmpdir(), 'helpdesk-table-fault-'));
  runtime = await startRuntime({
    dataDir,
    port: 0,
    schedule: false,
    report: (line) => reports.push(line),
    log: (line) => logs.push(line),
    prepare: async () => {
      resetConfigForTests();
      await createStaffAccount(TEST_SYSTEM, { ...ADMIN, role: 'admin' });
      await createCategory(
        newCategory(
          { name: CATEGORY, displayName: 'Withdrawals', description: 'Soak tickets', color: COLOR_PALETTE[0] },
          'soak-category',
          new Date(),
        ),
      );
    },
  });
  await runtime.ready;
  const admin = new ApiClient(runtime.url);
  await admin.signIn(ADMIN.email, ADMIN.password);
  // Staff notifications would share the queue with the acknowledgements; this is about the customers' mail.
  const settings = await admin.get('/api/user/settings');
  expect((await admin.put('/api/user/settings', { ...settings.body, emailNotifications: false })).status).toBe(200);
  const created = await admin.post('/api/api-keys', { name: 'Soak client', scopes: ['tickets:create'] });
  expect(created.status).toBe(201);
  apiKey = created.body.secret;
}, 180_000);

afterAll(async () => {
  await runtime?.stop();
  await rm(dataDir, { recursive: true, force: true });
  logger.setLogLevel(previousLogLevel);
});

interface Filed {
  ticket: Ticket;
  /** Answers 503 (or no answer at all) before the 201. */
  refusals: number;
}

/** Files one ticket as an upstream client does: one Idempotency-Key, retried on 503 and on a dropped connection. */
async function file(customerEmail: string, subject: string, onCreated: () => void): Promise<Filed> {
  const key = randomUUID();
  const deadline = Date.now() + CREATE_DEADLINE_MS;
  let refusals = 0;
  for (;;) {
    const res = await fetch(new URL('/api/tickets', runtime.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({
        customerEmail,
        subject,
        description: 'My withdrawal has not arrived.',
        category: CATEGORY,
        priority: 'medium',
      }),
    }).catch(() => undefined);
    if (res?.status === 201) {
      onCreated();
      return { ticket: (await res.json()) as Ticket, refusals };
    }
    if (res && res.status !== 503) throw new Error(`POST /api/tickets answered ${res.status}: ${await res.text()}`);
    await res?.body?.cancel();
    refusals++;
    if (Date.now() > deadline) throw new Error(`${customerEmail}: no 201 within ${CREATE_DEADLINE_MS} ms`);
    await sleep(Number(res?.headers.get('retry-after') ?? 1) * 200);
  }
}

/** Every message the SES emulator holds, by recipient. */
async function mailbox(): Promise<Map<string, string[]>> {
  const res = await fetch(`${runtime.mailbox.url}/store`);
  const { emails } = (await res.json()) as { emails: { destination: { to: string[] }; subject: string }[] };
  const byRecipient = new Map<string, string[]>();
  for (const mail of emails) {
    for (const to of mail.destination.to) {
      const address = bareAddress(to).toLowerCase();
      byRecipient.set(address, [...(byRecipient.get(address) ?? []), mail.subject]);
    }
  }
  return byRecipient;
}

/** The ticket codes whose INSERT is on the table's stream, read from the start of every shard. */
async function ticketsOnStream(): Promise<Set<string>> {
  const streams = new DynamoDBStreamsClient({ region: config().region, endpoint: config().dynamoEndpoint });
  try {
    const { Streams } = await streams.send(new ListStreamsCommand({ TableName: config().tableName }));
    const codes = new Set<string>();
    for (const { StreamArn } of Streams ?? []) {
      const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn }));
      for (const { ShardId } of StreamDescription?.Shards ?? []) {
        const start = new GetShardIteratorCommand({ StreamArn, ShardId, ShardIteratorType: 'TRIM_HORIZON' });
        let iterator = (await streams.send(start)).ShardIterator;
        // A shard still open always hands out a next iterator: stop at the first empty page.
        for (let page = 0; iterator && page < 1_000; page++) {
          const { Records, NextShardIterator } = await streams.send(
            new GetRecordsCommand({ ShardIterator: iterator, Limit: 1_000 }),
          );
          if (!Records?.length) break;
          for (const record of Records) {
            const code = record.eventName === 'INSERT' ? record.dynamodb?.NewImage?.ticketId?.S : undefined;
            if (code) codes.add(code);
          }
          iterator = NextShardIterator;
        }
      }
    }
    return codes;
  } finally {
    streams.destroy();
  }
}

describe('a burst of tickets while DynamoDB Local is killed and restarted', { timeout: 600_000 }, () => {
  for (let round = 1; round <= ROUNDS; round++) {
    it(`acknowledges each acknowledged ticket exactly once (round ${round} of ${ROUNDS})`, async () => {
      const started = Date.now();
      let acknowledged = 0;
      let killedAt: number | undefined;
      const kill = () => {
        const pid = runtime.supervisor.part(PARTS.dynamodb).process.emulatorPid();
        if (!pid) throw new Error('DynamoDB Local reported no process id');
        killedAt = Date.now();
        process.kill(pid, 'SIGKILL');
      };
      const tag = randomUUID().slice(0, 6);
      const queue = Array.from({ length: TICKETS }, (_, i) => i);
      const filed: Filed[] = [];
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
            const result = await file(`soak-${tag}-${i}@customers.example.com`, `Soak ticket ${i}`, () => {
              acknowledged++;
              if (acknowledged === KILL_AFTER) kill();
            });
            filed.push(result);
          }
        }),
      );
      const burstSeconds = (Date.now() - started) / 1000;
      expect(killedAt).toBeDefined();
      expect(new Set(filed.map((f) => f.ticket.ticketId)).size).toBe(TICKETS);

      // DynamoDB Local can lose the stream record of a write it committed at the very moment it was killed (the item
      // is there, its INSERT never reaches the stream): no consumer can know of such a ticket, and on AWS the record
      // is written with the item. Those tickets are counted apart; every other one must be acknowledged exactly once.
      const onStream = await ticketsOnStream();
      const owed = filed.filter((f) => onStream.has(f.ticket.ticketId));
      const addresses = owed.map((f) => f.ticket.customerEmail.toLowerCase());
      const everyOne = async () => {
        const box = await mailbox();
        return addresses.every((address) => box.has(address));
      };
      await eventually(everyOne, 'an acknowledgement for every ticket', DELIVERY_DEADLINE_MS, 500).catch(() => false);
      const deliveredSeconds = (Date.now() - started) / 1000;
      await sleep(GRACE_MS);
      const box = await mailbox();
      const counts = filed.map((f) => ({
        code: f.ticket.ticketId,
        owed: onStream.has(f.ticket.ticketId) ? 1 : 0,
        acks: (box.get(f.ticket.customerEmail.toLowerCase()) ?? []).filter((s) =>
          s.startsWith(`[${f.ticket.ticketId}]`),
        ).length,
      }));
      const parked = (await listFailedJobs(MAIL_KIND, { limit: 100 })).jobs;
      console.info(
        `table-fault round ${round}: ${TICKETS} tickets by ${CLIENTS} clients, table killed after ${KILL_AFTER}; ` +
          `${filed.reduce((n, f) => n + f.refusals, 0)} answers 503 (or dropped) retried; burst ${burstSeconds.toFixed(1)} s; ` +
          `every acknowledgement in the mailbox after ${deliveredSeconds.toFixed(1)} s; ` +
          `${counts.filter((c) => c.acks > 1).length} sent twice; ${parked.length} parked; ` +
          `${TICKETS - owed.length} lost from DynamoDB Local's stream`,
      );
      expect({
        wrong: counts.filter((c) => c.acks !== c.owed),
        parked: parked.map((job) => `${job.reason}: ${job.lastError}`),
        deadLetters: logs.filter((line) => /dead-letter/.test(line)),
      }).toEqual({ wrong: [], parked: [], deadLetters: [] });
      expect(reports).toContainEqual(expect.stringMatching(/^DynamoDB Local stopped \(killed by SIGKILL\)/));
    });
  }
});
