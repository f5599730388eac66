/**
 * A public reply's files reaching the customer by e-mail (docs/decisions/094-attachments.md, "Files in e-mail"), and
 * a ticket's e-mails reaching the customer in commit order (docs/decisions/051-outbound-delivery.md, "Order"), on the
 * real parts: uploads to the S3 emulator with the presigned form, the comment through the API, DynamoDB Local's
 * stream, the planner, the embedded FIFO queue, the sender reading the bytes from the bucket, the SES emulator as the
 * mailbox (it keeps each message's MIME attachments), and the `/f/` link followed through the embedded gateway.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ticket, ticketSchema } from '#shared/schemas/ticket.ts';
import { getJobState } from '#functions/data/outbound-jobs.ts';
import { jobId } from '#functions/domain/outbound.ts';
import { resetConfigForTests } from '#functions/lib/config.ts';
import { logger } from '#functions/lib/logger.ts';
import { fileToken } from '#functions/use-cases/mail/tokens.ts';
import { handler as scanResults } from '#functions/jobs/scan-results.ts';
import { lambdaContext } from '#infra/local/lambda-context.ts';
import { pdf } from '../files.ts';
import { eventually, type MailHarness, mailSettled, type StoredMail, startMailHarness } from './support/mail.ts';
import { startTestStorage, type TestStorage, upload } from './support/storage.ts';
import { createTestCategory, type SignedIn, signedIn, ticketBody, useDedicatedTable } from './tickets-support.ts';

let storage: TestStorage;
let mail: MailHarness;
let admin: SignedIn;
let agent: SignedIn;
let category: string;
let previousLogLevel: ReturnType<typeof logger.getLevelName>;

beforeAll(async () => {
  previousLogLevel = logger.getLevelName();
  logger.setLogLevel('ERROR');
  storage = await startTestStorage();
  // Retries a few hundred milliseconds apart, and enough of them to outlast SES being away for a couple of seconds.
  mail = await startMailHarness(await useDedicatedTable('helpdesk-mail-files'), {
    baseMs: 300,
    capMs: 600,
    maxAttempts: 30,
  });
  [admin, agent] = await Promise.all([
    signedIn(mail.gateway.url, 'admin'),
    signedIn(mail.gateway.url, 'agent', { firstName: 'Ada' }),
  ]);
  category = (await createTestCategory()).name;
});
afterAll(async () => {
  await mail?.stop();
  await storage?.stop();
  logger.setLogLevel(previousLogLevel);
});

/** A message's MIME attachments as the SES emulator keeps them (mailparser's, with the content in base64). */
type MailWithFiles = StoredMail & {
  attachments?: Array<{ filename?: string; contentType: string; contentDisposition?: string; content: string }>;
};

const MB = 1024 * 1024;
const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function newTicket(overrides: Record<string, unknown> = {}): Promise<Ticket> {
  const customerEmail = `customer-${randomUUID().slice(0, 8)}@example.com`;
  const res = await admin.client.post(
    '/api/tickets',
    ticketBody(category, { assignedToId: agent.user.id, customerEmail, ...overrides }),
  );
  expect(res.status).toBe(201);
  return ticketSchema.parse(res.body);
}

/** Waits until the customer has `count` messages and returns them, in the order the mailbox took them. */
async function mailsTo(address: string, count: number): Promise<MailWithFiles[]> {
  await eventually(
    async () => (await mail.sentTo(address)).length >= count,
    `${count} e-mail(s) to ${address}`,
    30_000,
  );
  return mail.sentTo(address);
}

/** A public reply by the agent with the given files (uploaded with the presigned form first). */
async function replyWith(ticket: Ticket, content: string, files: Array<{ filename: string; bytes: Buffer }>) {
  const ids: string[] = [];
  for (const file of files) {
    const sent = await upload(agent.client, ticket.id, { ...file, contentType: 'application/pdf' });
    expect(sent.status).toBe(204);
    ids.push(sent.attachmentId);
  }
  const res = await agent.client.post(`/api/tickets/${ticket.id}/comments`, {
    content,
    isInternal: false,
    attachmentIds: ids,
  });
  expect(res.status).toBe(201);
  return ids;
}

/** Which of a ticket's customer e-mails a message is. */
const kindOf = (m: StoredMail) =>
  m.subject.startsWith('Re: ') ? 'reply' : m.subject.includes('Resolved') ? 'resolution' : 'acknowledgement';

/** The `/f/` links of a message's text. */
const fileLinks = (message: StoredMail) =>
  [...(message.body.text ?? '').matchAll(/https?:\/\/\S+\/f\/\S+/g)].map((m) => m[0]);

describe('a public reply with files', () => {
  it('carries a 2 MB PDF in the e-mail, byte for byte, under its sanitised name and sniffed type', async () => {
    const ticket = await newTicket();
    await mailsTo(ticket.customerEmail, 1);
    const statement = pdf(2 * MB, 'two-megabytes');
    await replyWith(ticket, 'Here is your account statement.', [
      { filename: 'C:\\fakepath\\statement.pdf', bytes: statement },
    ]);

    const reply = (await mailsTo(ticket.customerEmail, 2)).find((m) => m.subject.startsWith('Re: '))!;
    expect(reply.body.text).toContain('Here is your account statement.');
    expect(reply.body.text).toContain('Files attached to this e-mail:');
    expect(reply.body.text).toContain('statement.pdf (2 MB)');
    expect(fileLinks(reply)).toEqual([]);
    expect(reply.attachments).toHaveLength(1);
    const [file] = reply.attachments!;
    expect(file!.filename).toBe('statement.pdf');
    expect(file!.contentType).toBe('application/pdf');
    expect(file!.contentDisposition).toBe('attachment');
    expect(sha256(Buffer.from(file!.content, 'base64'))).toBe(sha256(statement));
  });

  it('links a 12 MB PDF instead, and the link serves the same bytes as a download for the customer', async () => {
    const ticket = await newTicket({ customerLanguage: 'de' });
    await mailsTo(ticket.customerEmail, 1);
    const large = pdf(12 * MB, 'twelve-megabytes');
    const [attachmentId] = await replyWith(ticket, 'Anbei der vollständige Kontoauszug.', [
      { filename: 'kontoauszug.pdf', bytes: large },
    ]);

    const reply = (await mailsTo(ticket.customerEmail, 2)).find((m) => m.subject.startsWith('Re: '))!;
    expect(reply.attachments ?? []).toEqual([]);
    expect(reply.body.text).toContain('Laden Sie die Dateien über diese Links herunter (7 Tage gültig):');
    expect(reply.body.text).toContain('kontoauszug.pdf (12 MB)');
    const [link] = fileLinks(reply);
    expect(link).toMatch(new RegExp(`^${mail.gateway.url}/f/${ticket.id}\\.${attachmentId}\\.[0-9a-z]+\\.[\\w-]{22}$`));
    expect(reply.body.html).toContain(`href="${link}"`);

    const redirect = await fetch(link!, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('x-content-type-options')).toBe('nosniff');
    const location = new URL(redirect.headers.get('location')!);
    // A presigned GET of the bucket (not the app's origin) that lives 60 s.
    expect(location.origin).toBe(new URL(storage.server.url).origin);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('60');
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment; filename="kontoauszug.pdf"');
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(sha256(Buffer.from(await file.arrayBuffer()))).toBe(sha256(large));

    const history = (await admin.client.get(`/api/tickets/${ticket.id}/history`)).body as Array<{
      action: string;
      actor: { type: string; id: string };
    }>;
    expect(history.find((entry) => entry.action === 'downloaded')?.actor).toMatchObject({
      type: 'customer',
      id: ticket.customerEmail,
    });
  });

  it('answers a tampered, expired or unknown link with a page in the customer language, never the file', async () => {
    const ticket = await newTicket({ customerLanguage: 'fr' });
    await mailsTo(ticket.customerEmail, 1);
    const [attachmentId] = await replyWith(ticket, 'Voici le relevé.', [
      { filename: 'releve.pdf', bytes: pdf(11 * MB, 'eleven-megabytes') },
    ]);
    const reply = (await mailsTo(ticket.customerEmail, 2)).find((m) => m.subject.startsWith('Re: '))!;
    const [link] = fileLinks(reply);
    const token = link!.split('/f/')[1]!;
    const [, , expiry, signature] = token.split('.');
    const later = (Number.parseInt(expiry!, 36) + 86_400).toString(36);

    const open = (path: string, language?: string) =>
      fetch(`${mail.gateway.url}${path}`, {
        redirect: 'manual',
        headers: language ? { 'accept-language': language } : {},
      });
    for (const tampered of [
      `/f/${ticket.id}.${attachmentId}.${later}.${signature}`,
      `/f/${ticket.id}.${attachmentId}.${expiry}.${'A'.repeat(22)}`,
      `/f/${ticket.id + 1}.${attachmentId}.${expiry}.${signature}`,
      '/f/nothing-at-all',
    ]) {
      const res = await open(tampered, 'es');
      expect(res.status, tampered).toBe(404);
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('Este enlace de descarga no es válido');
    }

    const expired = await fileToken({
      ticketId: ticket.id,
      attachmentId: attachmentId!,
      expiresAt: new Date(Date.now() - 1000),
    });
    const gone = await open(`/f/${expired}`);
    expect(gone.status).toBe(410);
    expect(gone.headers.get('content-language')).toBe('fr');
    expect(await gone.text()).toContain('Ce lien de téléchargement a expiré');

    // Removed by an admin after the e-mail went out: the link no longer serves it.
    const removed = await admin.client.request('DELETE', `/api/tickets/${ticket.id}/attachments/${attachmentId}`, {
      reason: 'Shows a whole card number',
    });
    expect(removed.status).toBe(200);
    const afterRemoval = await open(`/f/${token}`);
    expect(afterRemoval.status).toBe(410);
    expect(await afterRemoval.text()).toContain('Ce fichier n’est plus disponible');
  });

  it('leaves out a file removed by the time the e-mail is sent', async () => {
    const ticket = await newTicket();
    await mailsTo(ticket.customerEmail, 1);
    const kept = pdf(50_000, 'kept');
    const ids = await replyWith(ticket, 'Two files for you.', [
      { filename: 'kept.pdf', bytes: kept },
      { filename: 'withdrawn.pdf', bytes: pdf(60_000, 'withdrawn') },
    ]);
    const first = (await mailsTo(ticket.customerEmail, 2)).find((m) => m.subject.startsWith('Re: '))!;
    expect(first.attachments?.map((a) => a.filename).sort()).toEqual(['kept.pdf', 'withdrawn.pdf']);
    const removal = await admin.client.request('DELETE', `/api/tickets/${ticket.id}/attachments/${ids[1]}`, {
      reason: 'Meant for another customer',
    });
    expect(removal.status).toBe(200);
    // The comment's stream record under another event id: a new job, whose e-mail is written after the removal.
    const record = mail.streamBatches
      .flatMap((batch) => batch.Records)
      .find((r) => r.eventName === 'INSERT' && r.dynamodb?.NewImage?.comment?.S === 'Two files for you.')!;
    expect(record).toBeDefined();
    expect(await mail.dispatch({ Records: [{ ...record, eventID: `${record.eventID}-again` }] })).toEqual({
      batchItemFailures: [],
    });
    const again = (await mailsTo(ticket.customerEmail, 3)).filter((m) => m.subject.startsWith('Re: '))[1]!;
    expect(again.attachments?.map((a) => a.filename)).toEqual(['kept.pdf']);
    expect(sha256(Buffer.from(again.attachments![0]!.content, 'base64'))).toBe(sha256(kept));
    expect(again.body.text).not.toContain('withdrawn.pdf');
    expect(fileLinks(again)).toEqual([]);
  });
});

describe("a ticket's e-mails", () => {
  it('reach the customer in commit order: a reply posted just before resolving arrives before the resolution', async () => {
    const ticket = await newTicket();
    await mailsTo(ticket.customerEmail, 1);
    // The reply carries a file, so its e-mail takes longer to write than the resolution notice.
    await replyWith(ticket, 'Released: it should arrive within the hour.', [
      { filename: 'receipt.pdf', bytes: pdf(3 * MB, 'receipt') },
    ]);
    expect((await agent.client.patch(`/api/tickets/${ticket.id}`, { status: 'resolved' })).status).toBe(200);

    const mails = await mailsTo(ticket.customerEmail, 3);
    await mailSettled(mail);
    const order = (await mail.sentTo(ticket.customerEmail)).map(kindOf);
    expect(order).toEqual(['acknowledgement', 'reply', 'resolution']);
    expect(mails[2]!.body.text).toContain('/r/');
  });

  it('keep that order when the reply fails at first: it is retried in its place, and sent once', async () => {
    const ticket = await newTicket();
    await mailsTo(ticket.customerEmail, 1);
    const working = process.env.SES_ENDPOINT!;
    // Nothing listens on port 9 of this machine: every send fails until the endpoint is put back.
    process.env.SES_ENDPOINT = 'http://127.0.0.1:9';
    resetConfigForTests();
    let replyJob: string;
    try {
      await replyWith(ticket, 'Sent while SES is away.', [{ filename: 'proof.pdf', bytes: pdf(20_000, 'proof') }]);
      expect((await agent.client.patch(`/api/tickets/${ticket.id}`, { status: 'resolved' })).status).toBe(200);
      const record = await eventually(
        () =>
          mail.streamBatches
            .flatMap((batch) => batch.Records)
            .find((r) => r.eventName === 'INSERT' && r.dynamodb?.NewImage?.comment?.S === 'Sent while SES is away.'),
        'the reply in the stream',
      );
      replyJob = jobId('mail', record.eventID!, `customer:reply:${record.dynamodb!.NewImage!.id!.S}`);
      // Two attempts at the reply fail; the resolution waits behind it in the ticket's group meanwhile.
      await eventually(async () => ((await getJobState('mail', replyJob))?.tries ?? 0) >= 2, 'two failed attempts');
    } finally {
      process.env.SES_ENDPOINT = working;
      resetConfigForTests();
    }
    await mailsTo(ticket.customerEmail, 3);
    await mailSettled(mail);
    const mails = await mail.sentTo(ticket.customerEmail);
    expect(mails.map(kindOf)).toEqual(['acknowledgement', 'reply', 'resolution']);
    expect(await getJobState('mail', replyJob)).toMatchObject({ status: 'done' });
  });
});

describe('where GuardDuty scans the files', () => {
  afterAll(() => {
    delete process.env.MALWARE_SCANNING;
    resetConfigForTests();
  });

  it("holds the reply's e-mail until its file is scanned clean, then carries the file; the resolution waits its turn", async () => {
    process.env.MALWARE_SCANNING = 'guardduty';
    resetConfigForTests();
    const ticket = await newTicket();
    await mailsTo(ticket.customerEmail, 1);
    const statement = pdf(256 * 1024, 'scanned');
    const [attachmentId] = await replyWith(ticket, 'Your statement, once our scanner has seen it.', [
      { filename: 'statement.pdf', bytes: statement },
    ]);
    const resolved = await admin.client.patch(`/api/tickets/${ticket.id}`, { status: 'resolved' });
    expect(resolved.status).toBe(200);
    // The scan has not answered: neither the reply nor the resolution after it has left.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await mail.sentTo(ticket.customerEmail)).map(kindOf)).toEqual(['acknowledgement']);

    const verdict = await scanResults(
      {
        version: '0',
        id: randomUUID(),
        'detail-type': 'GuardDuty Malware Protection Object Scan Result',
        source: 'aws.guardduty',
        account: '123456789012',
        time: new Date().toISOString(),
        region: 'eu-west-1',
        resources: [],
        detail: {
          s3ObjectDetails: {
            bucketName: process.env.ATTACHMENTS_BUCKET,
            objectKey: `tickets/${ticket.id}/${attachmentId}`,
          },
          scanResultDetails: { scanResultStatus: 'NO_THREATS_FOUND' },
        },
      },
      lambdaContext('helpdesk-scan'),
    );
    expect(verdict).toBe('clean');

    const mails = await mailsTo(ticket.customerEmail, 3);
    expect(mails.map(kindOf)).toEqual(['acknowledgement', 'reply', 'resolution']);
    const reply = mails[1] as MailWithFiles;
    expect(fileLinks(reply)).toEqual([]);
    expect(reply.attachments?.map((file) => sha256(Buffer.from(file.content, 'base64')))).toEqual([sha256(statement)]);
  });
});
