/**
 * Attachments end to end (docs/decisions/094-attachments.md): uploads straight to the S3 emulator with the presigned
 * form, comments and relayed messages that take them (verified before anything commits), downloads, and removal.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentSchema, historyEntrySchema } from '#shared/schemas/ticket.ts';
import { publicThreadPageSchema } from '#shared/schemas/webhook.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { pdf, png, zip } from '../files.ts';
import { ApiClient, startApi } from './support/api.ts';
import { startTestStorage, type TestStorage, upload } from './support/storage.ts';
import {
  createTestApiKey,
  createTestCategory,
  createTicketAs,
  signedIn,
  ticketBody,
  type SignedIn,
} from './tickets-support.ts';

let api: Gateway;
let storage: TestStorage;
let admin: SignedIn;
let agent: SignedIn;
let otherAgent: SignedIn;
let category: string;
let replier: ApiClient;

beforeAll(async () => {
  storage = await startTestStorage();
  api = await startApi();
  [admin, agent, otherAgent] = await Promise.all([
    signedIn(api.url, 'admin'),
    signedIn(api.url, 'agent'),
    signedIn(api.url, 'agent'),
  ]);
  category = (await createTestCategory()).name;
  replier = ApiClient.withApiKey(api.url, (await createTestApiKey(['tickets:reply', 'tickets:read'])).secret);
});
afterAll(async () => {
  await api?.close();
  await storage?.stop();
});

const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const newTicket = () => createTicketAs(admin.client, ticketBody(category, { assignedToId: agent.user.id }));
const commentsOf = async (id: number) =>
  commentSchema.array().parse((await admin.client.get(`/api/tickets/${id}/comments`)).body);
const historyOf = async (id: number) =>
  historyEntrySchema.array().parse((await admin.client.get(`/api/tickets/${id}/history`)).body);

/** Follows a download's redirect as the browser does; returns the redirect and the file's answer. */
async function download(client: ApiClient, ticketId: number, attachmentId: string) {
  const redirect = await client.get(`/api/tickets/${ticketId}/attachments/${attachmentId}`);
  if (redirect.status !== 302) return { redirect, file: undefined };
  const file = await fetch(redirect.headers.get('location')!);
  return { redirect, file, bytes: Buffer.from(await file.arrayBuffer()) };
}

describe('a staff reply with files', () => {
  it('keeps each file byte for byte with its sniffed type, lists it on the message, and serves it as a download', async () => {
    const ticket = await newTicket();
    const shot = png(8, 8, 7);
    const statement = pdf(2 * 1024 * 1024);
    const a = await upload(agent.client, ticket.id, {
      filename: 'C:\\fakepath\\shot.png',
      contentType: 'image/png',
      bytes: shot,
    });
    const b = await upload(agent.client, ticket.id, {
      filename: 'statement.pdf',
      contentType: 'application/pdf',
      bytes: statement,
    });
    expect([a.status, b.status]).toEqual([204, 204]);

    const res = await agent.client.post(`/api/tickets/${ticket.id}/comments`, {
      content: 'Here is what we see.',
      attachmentIds: [a.attachmentId, b.attachmentId],
    });
    expect(res.status).toBe(201);

    const [comment] = await commentsOf(ticket.id);
    expect(comment!.attachments).toEqual([
      expect.objectContaining({
        id: a.attachmentId,
        filename: 'shot.png',
        contentType: 'image/png',
        size: shot.length,
        sha256: sha256(shot),
        scanStatus: 'not_scanned',
        state: 'available',
      }),
      expect.objectContaining({ id: b.attachmentId, contentType: 'application/pdf', sha256: sha256(statement) }),
    ]);

    const { redirect, file, bytes } = await download(admin.client, ticket.id, b.attachmentId);
    expect(redirect.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file!.status).toBe(200);
    expect(file!.headers.get('content-type')).toBe('application/pdf');
    expect(file!.headers.get('content-disposition')).toMatch(/^attachment; filename="statement.pdf"/);
    expect(sha256(bytes!)).toBe(sha256(statement));
    const downloaded = (await historyOf(ticket.id)).find((e) => e.action === 'downloaded');
    expect(downloaded).toMatchObject({
      actor: { type: 'user', id: admin.user.id },
      changes: [{ field: 'attachment', from: null, to: 'statement.pdf' }],
    });
  });

  it('shows an image as a thumbnail without a history entry, and refuses a preview of a PDF', async () => {
    const ticket = await newTicket();
    const shot = png(6, 6, 3);
    const image = await upload(agent.client, ticket.id, {
      filename: 'shot.png',
      contentType: 'image/png',
      bytes: shot,
    });
    const doc = await upload(agent.client, ticket.id, {
      filename: 'statement.pdf',
      contentType: 'application/pdf',
      bytes: pdf(4096),
    });
    await agent.client.post(`/api/tickets/${ticket.id}/comments`, {
      content: 'Both files.',
      attachmentIds: [image.attachmentId, doc.attachmentId],
    });
    const preview = await agent.client.get(`/api/tickets/${ticket.id}/attachments/${image.attachmentId}?preview=true`);
    expect(preview.status).toBe(302);
    expect(Buffer.from(await (await fetch(preview.headers.get('location')!)).arrayBuffer())).toEqual(shot);
    const refused = await agent.client.get(`/api/tickets/${ticket.id}/attachments/${doc.attachmentId}?preview=true`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'error.attachment.noPreview' });
    expect((await historyOf(ticket.id)).filter((e) => e.action === 'downloaded')).toEqual([]);
  });

  it("answers 404 for a file of another ticket, even with that file's id", async () => {
    const [mine, theirs] = await Promise.all([newTicket(), newTicket()]);
    const { attachmentId } = await upload(agent.client, theirs.id, {
      filename: 'a.png',
      contentType: 'image/png',
      bytes: png(),
    });
    await agent.client.post(`/api/tickets/${theirs.id}/comments`, { content: 'File', attachmentIds: [attachmentId] });
    expect((await download(admin.client, theirs.id, attachmentId)).redirect.status).toBe(302);
    expect((await download(admin.client, mine.id, attachmentId)).redirect.status).toBe(404);
  });
});

describe('a comment naming a file it may not take is refused whole, and nothing commits', () => {
  it.each([
    [
      'never uploaded (announced only)',
      async (ticketId: number) => {
        const res = await agent.client.post(`/api/tickets/${ticketId}/attachments`, {
          filename: 'a.png',
          contentType: 'image/png',
          size: 100,
        });
        return { id: res.body.attachmentId as string, code: 'error.attachment.notUploaded' };
      },
    ],
    [
      'uploaded by someone else',
      async (ticketId: number) => {
        const { attachmentId } = await upload(otherAgent.client, ticketId, {
          filename: 'a.png',
          contentType: 'image/png',
          bytes: png(),
        });
        return { id: attachmentId, code: 'error.attachment.unknown' };
      },
    ],
    ['unknown', async () => ({ id: randomUUID(), code: 'error.attachment.unknown' })],
    [
      'a ZIP named and declared as a PNG',
      async (ticketId: number) => {
        const { attachmentId } = await upload(agent.client, ticketId, {
          filename: 'photo.png',
          contentType: 'image/png',
          bytes: zip(),
        });
        return { id: attachmentId, code: 'error.attachment.typeNotAllowed' };
      },
    ],
  ])('%s', async (_label, make) => {
    const ticket = await newTicket();
    const good = await upload(agent.client, ticket.id, { filename: 'ok.png', contentType: 'image/png', bytes: png() });
    const bad = await make(ticket.id);
    const before = (await admin.client.get(`/api/tickets/${ticket.id}`)).body;

    const res = await agent.client.post(`/api/tickets/${ticket.id}/comments`, {
      content: 'With files',
      attachmentIds: [good.attachmentId, bad.id],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(bad.code);
    expect(await commentsOf(ticket.id)).toEqual([]);
    expect((await admin.client.get(`/api/tickets/${ticket.id}`)).body).toEqual(before);
    // The good file still waits: a comment with it alone goes through.
    const retry = await agent.client.post(`/api/tickets/${ticket.id}/comments`, {
      content: 'With one file',
      attachmentIds: [good.attachmentId],
    });
    expect(retry.status).toBe(201);
  });

  it('refuses a file a message already took', async () => {
    const ticket = await newTicket();
    const { attachmentId } = await upload(agent.client, ticket.id, {
      filename: 'a.png',
      contentType: 'image/png',
      bytes: png(),
    });
    const body = { content: 'Once', attachmentIds: [attachmentId] };
    expect((await agent.client.post(`/api/tickets/${ticket.id}/comments`, body)).status).toBe(201);
    const again = await agent.client.post(`/api/tickets/${ticket.id}/comments`, { ...body, content: 'Twice' });
    expect(again.status).toBe(400);
    expect((await commentsOf(ticket.id)).map((c) => c.comment)).toEqual(['Once']);
  });

  it('refuses to announce an executable, an HTML page or a file over 25 MB', async () => {
    const ticket = await newTicket();
    for (const file of [
      { filename: 'setup.exe', contentType: 'application/octet-stream', size: 1_000 },
      { filename: 'page.html', contentType: 'text/html', size: 1_000 },
      { filename: 'big.pdf', contentType: 'application/pdf', size: 25 * 1024 * 1024 + 1 },
    ]) {
      const res = await agent.client.post(`/api/tickets/${ticket.id}/attachments`, file);
      expect(res.status, file.filename).toBe(400);
    }
  });
});

describe('an upstream system (tickets:reply)', () => {
  it('uploads the same way, relays the customer’s files, and reads them in the public thread', async () => {
    const ticket = await newTicket();
    const shot = png(6, 6, 3);
    const { attachmentId } = await upload(replier, ticket.id, {
      filename: 'withdrawal.png',
      contentType: 'image/png',
      bytes: shot,
    });
    const res = await replier.post(`/api/tickets/${ticket.id}/messages`, {
      content: 'Screenshot attached.',
      attachmentIds: [attachmentId],
    });
    expect(res.status).toBe(201);
    const page = publicThreadPageSchema.parse((await replier.get(`/api/tickets/${ticket.id}/messages`)).body);
    expect(page.messages[0]!.attachments).toEqual([
      expect.objectContaining({ id: attachmentId, filename: 'withdrawal.png', sha256: sha256(shot) }),
    ]);
    const { bytes } = await download(replier, ticket.id, attachmentId);
    expect(sha256(bytes!)).toBe(sha256(shot));
  });
});

describe('removal', () => {
  it('lets an admin remove a file with a reason: the bytes go, the thread says who removed it, the audit log records it', async () => {
    const ticket = await newTicket();
    const { attachmentId } = await upload(agent.client, ticket.id, {
      filename: 'card.png',
      contentType: 'image/png',
      bytes: png(),
    });
    await agent.client.post(`/api/tickets/${ticket.id}/comments`, { content: 'Card', attachmentIds: [attachmentId] });

    const denied = await agent.client.request('DELETE', `/api/tickets/${ticket.id}/attachments/${attachmentId}`, {
      reason: 'Whole card number',
    });
    expect(denied.status).toBe(403);
    const res = await admin.client.request('DELETE', `/api/tickets/${ticket.id}/attachments/${attachmentId}`, {
      reason: 'Whole card number',
    });
    expect(res.status).toBe(200);

    const [comment] = await commentsOf(ticket.id);
    expect(comment!.attachments[0]).toMatchObject({
      state: 'removed',
      sha256: null,
      removed: { byName: expect.any(String), reason: 'Whole card number' },
    });
    expect((await download(admin.client, ticket.id, attachmentId)).redirect.status).toBe(404);
    const audit = await admin.client.get('/api/audit', { query: { action: 'attachment_removed' } });
    expect(JSON.stringify(audit.body)).toContain(attachmentId);
  });
});
