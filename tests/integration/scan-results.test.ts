/**
 * The malware scan's verdicts (docs/decisions/094-attachments.md): with scanning on, an attached file waits `pending`
 * and is not served; GuardDuty's EventBridge results, handed to the scan-results function as AWS delivers them, make
 * it servable (`NO_THREATS_FOUND`), blocked for good with a history entry that raises the admins' alarm
 * (`THREATS_FOUND`), or labelled not scanned (`UNSUPPORTED`). No emulator produces GuardDuty's events, so the test
 * builds them in the documented shape.
 */
import { createHash } from 'node:crypto';
import type { EventBridgeEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentSchema, historyEntrySchema } from '#shared/schemas/ticket.ts';
import { resetConfigForTests } from '#functions/lib/config.ts';
import { objectKeys } from '#functions/lib/attachment-store.ts';
import { handler } from '#functions/jobs/scan-results.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { lambdaContext } from '#infra/local/lambda-context.ts';
import { pdf, png } from '../files.ts';
import { startApi } from './support/api.ts';
import { startTestStorage, type TestStorage, upload } from './support/storage.ts';
import { createTestCategory, createTicketAs, signedIn, ticketBody, type SignedIn } from './tickets-support.ts';

let api: Gateway;
let storage: TestStorage;
let admin: SignedIn;
let agent: SignedIn;
let category: string;

beforeAll(async () => {
  storage = await startTestStorage();
  process.env.MALWARE_SCANNING = 'guardduty';
  resetConfigForTests();
  api = await startApi();
  [admin, agent] = await Promise.all([signedIn(api.url, 'admin'), signedIn(api.url, 'agent')]);
  category = (await createTestCategory()).name;
});
afterAll(async () => {
  delete process.env.MALWARE_SCANNING;
  resetConfigForTests();
  await api?.close();
  await storage?.stop();
});

type Outcome = 'NO_THREATS_FOUND' | 'THREATS_FOUND' | 'UNSUPPORTED' | 'ACCESS_DENIED' | 'FAILED';

/** GuardDuty's "Object Scan Result" event for one object, as EventBridge hands it to the function. */
const scanResult = (objectKey: string, scanResultStatus: Outcome) =>
  ({
    version: '0',
    id: 'a1b2c3d4-0000-4000-8000-000000000000',
    'detail-type': 'GuardDuty Malware Protection Object Scan Result',
    source: 'aws.guardduty',
    account: '123456789012',
    time: new Date().toISOString(),
    region: 'eu-west-1',
    resources: [],
    detail: {
      schemaVersion: '1.0',
      scanStatus: scanResultStatus === 'FAILED' ? 'FAILED' : 'COMPLETED',
      resourceType: 'S3_OBJECT',
      s3ObjectDetails: {
        bucketName: process.env.ATTACHMENTS_BUCKET,
        objectKey,
        eTag: '0123456789abcdef',
        s3Throttled: false,
      },
      scanResultDetails: {
        scanResultStatus,
        threats: scanResultStatus === 'THREATS_FOUND' ? [{ name: 'EICAR-Test-File (not a virus)' }] : null,
      },
    },
  }) as EventBridgeEvent<string, unknown>;

const deliver = (key: string, outcome: Outcome) => handler(scanResult(key, outcome), lambdaContext('helpdesk-scan'));

/** A ticket with one staff reply carrying `bytes`; the file's id and the ticket's. */
async function replyWithFile(filename: string, contentType: string, bytes: Buffer) {
  const ticket = await createTicketAs(admin.client, ticketBody(category, { assignedToId: agent.user.id }));
  const file = await upload(agent.client, ticket.id, { filename, contentType, bytes });
  const res = await agent.client.post(`/api/tickets/${ticket.id}/comments`, {
    content: 'The statement you asked for.',
    attachmentIds: [file.attachmentId],
  });
  expect(res.status).toBe(201);
  return { ticketId: ticket.id, attachmentId: file.attachmentId, key: objectKeys.stored(ticket.id, file.attachmentId) };
}

const fileOf = async (ticketId: number) => {
  const comments = commentSchema.array().parse((await admin.client.get(`/api/tickets/${ticketId}/comments`)).body);
  return comments.flatMap((c) => c.attachments)[0]!;
};

describe('with GuardDuty scanning the bucket', () => {
  it('holds a new file back until its scan finds nothing, then serves it byte for byte', async () => {
    const bytes = pdf(64 * 1024);
    const { ticketId, attachmentId, key } = await replyWithFile('statement.pdf', 'application/pdf', bytes);
    expect((await fileOf(ticketId)).scanStatus).toBe('pending');
    const held = await agent.client.get(`/api/tickets/${ticketId}/attachments/${attachmentId}`);
    expect(held.status).toBe(409);
    expect(held.body).toMatchObject({ code: 'error.attachment.scanPending' });

    expect(await deliver(key, 'NO_THREATS_FOUND')).toBe('clean');
    expect((await fileOf(ticketId)).scanStatus).toBe('clean');
    const served = await agent.client.get(`/api/tickets/${ticketId}/attachments/${attachmentId}`);
    expect(served.status).toBe(302);
    const file = Buffer.from(await (await fetch(served.headers.get('location')!)).arrayBuffer());
    expect(createHash('sha256').update(file).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('never serves a file with malware, records it in the history once, and ignores the verdict heard again', async () => {
    const { ticketId, attachmentId, key } = await replyWithFile('invoice.png', 'image/png', png(4, 4, 1));
    expect(await deliver(key, 'THREATS_FOUND')).toBe('infected');
    expect(await deliver(key, 'THREATS_FOUND')).toBe('ignored');
    expect(await deliver(key, 'NO_THREATS_FOUND')).toBe('ignored');

    expect((await fileOf(ticketId)).scanStatus).toBe('infected');
    const refused = await admin.client.get(`/api/tickets/${ticketId}/attachments/${attachmentId}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'error.attachment.infected' });
    const history = historyEntrySchema
      .array()
      .parse((await admin.client.get(`/api/tickets/${ticketId}/history`)).body)
      .filter((entry) => entry.action === 'malwareFound');
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      actor: { type: 'system', name: 'Malware scan' },
      changes: [{ field: 'attachment', from: 'invoice.png', to: null }],
    });
  });

  it('labels a file the scan could not judge as not scanned, and leaves one whose scan failed pending', async () => {
    const unsupported = await replyWithFile('notes.txt', 'text/plain', Buffer.from('withdrawal reference 4411\n'));
    expect(await deliver(unsupported.key, 'UNSUPPORTED')).toBe('not_scanned');
    expect((await fileOf(unsupported.ticketId)).scanStatus).toBe('not_scanned');
    const served = await agent.client.get(
      `/api/tickets/${unsupported.ticketId}/attachments/${unsupported.attachmentId}`,
    );
    expect(served.status).toBe(302);

    const failed = await replyWithFile('scan.png', 'image/png', png(2, 2, 3));
    expect(await deliver(failed.key, 'FAILED')).toBe('left_pending');
    expect((await fileOf(failed.ticketId)).scanStatus).toBe('pending');
  });

  it('ignores results for objects that are no attached file: uploads, unknown ids, other keys', async () => {
    const { ticketId, attachmentId } = await replyWithFile('shot.png', 'image/png', png(3, 3, 2));
    expect(await deliver(objectKeys.upload(ticketId, attachmentId), 'THREATS_FOUND')).toBe('ignored');
    expect(await deliver(objectKeys.stored(ticketId, '00000000-0000-4000-8000-000000000000'), 'THREATS_FOUND')).toBe(
      'ignored',
    );
    expect(await deliver('malware-protection-resource-validation-object', 'NO_THREATS_FOUND')).toBe('ignored');
    expect((await fileOf(ticketId)).scanStatus).toBe('pending');
  });
});
