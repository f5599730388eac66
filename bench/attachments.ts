/**
 * Attachments (docs/decisions/094-attachments.md) through the embedded runtime as `npm start` runs it:
 * 1. a 10 MB file uploaded and downloaded the way the browser does it (announce it to the API, POST the presigned
 *    form to storage; ask the API for it, follow the 60 s link) against the same bytes sent to the S3 emulator
 *    directly the same way (a presigned form and a presigned link made here). Rounds alternate the two ways; the ratio is of
 *    the medians, upload and download apart: what the API adds to what storage costs anyway;
 * 2. a staff reply with 10 files of 512 KB each, end to end: the ten uploads side by side, the comment that takes them
 *    (each verified and copied under its ticket before it commits), and the reply e-mail in the customer's mailbox.
 *
 * Runs in a process of its own (see run.ts).
 */
import { randomBytes } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { s3Client } from '#functions/lib/s3-client.ts';
import { systemCaller } from '#functions/domain/caller.ts';
import { createStaffAccount } from '#functions/use-cases/staff/create-staff-account.ts';
import { Session } from './client.ts';
import { watchMailbox } from './mail.ts';
import { log, percentile, round2, sleep } from './measure.ts';
import { onOwnRuntime } from './own-runtime.ts';
import { createCategories, PASSWORD } from './seed.ts';

const FILE_BYTES = 10 * 1024 * 1024;
const ROUNDS = 8;
const REPLY_FILES = 10;
const REPLY_FILE_BYTES = 512 * 1024;
/** The reply e-mail in the mailbox by then, or the section fails. */
const MAIL_TIMEOUT_MS = 60_000;
/** What the API path may cost over the emulator alone, upload and download each. */
const LIMIT_RATIO = 1.5;

export interface AttachmentResults {
  fileMB: number;
  rounds: number;
  /** Median ms of one 10 MB upload: through the API (announce + presigned POST) and a presigned POST made here. */
  upload: { api: number; direct: number; ratio: number };
  /** Median ms of one 10 MB download: through the API (the route + the link) and straight from the emulator. */
  download: { api: number; direct: number; ratio: number };
  /** A reply with 10 files of 512 KB: uploads and the comment answered, and the e-mail in the mailbox, ms. */
  reply: { files: number; committedMs: number; mailedMs: number };
  pass: boolean;
}

/** A minimal PDF body of `size` bytes (the type is sniffed from the bytes, so they must look like one). */
function pdfOf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n', 'latin1');
  const tail = Buffer.from('\n%%EOF\n', 'latin1');
  return Buffer.concat([head, randomBytes(size - head.length - tail.length), tail]);
}

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const began = performance.now();
  const value = await work();
  return [performance.now() - began, value];
}

interface UploadForm {
  attachmentId: string;
  upload: { url: string; fields: Record<string, string> };
}

/** A presigned POST form's fields, then the file, to storage. */
async function postForm(form: UploadForm['upload'], bytes: Buffer): Promise<void> {
  const body = new FormData();
  for (const [field, value] of Object.entries(form.fields)) body.append(field, value);
  body.append('file', new Blob([new Uint8Array(bytes)]));
  const res = await fetch(form.url, { method: 'POST', body });
  if (!res.ok) throw new Error(`storage refused the upload: ${res.status}`);
}

/** The browser's upload: announce, then the form answered. */
async function uploadThroughApi(session: Session, ticketId: number, name: string, bytes: Buffer): Promise<string> {
  const form = await session.request<UploadForm>('POST', `/api/tickets/${ticketId}/attachments`, {
    filename: name,
    contentType: 'application/pdf',
    size: bytes.length,
  });
  await postForm(form.upload, bytes);
  return form.attachmentId;
}

/** The browser's download: the API's redirect, then the link. */
async function downloadThroughApi(session: Session, ticketId: number, attachmentId: string): Promise<number> {
  const file = await fetch(await session.location(`/api/tickets/${ticketId}/attachments/${attachmentId}`));
  return (await file.arrayBuffer()).byteLength;
}

export async function benchAttachments(): Promise<AttachmentResults> {
  return onOwnRuntime('attachments', async (runtime, defer) => {
    const watcher = watchMailbox(runtime.mailbox.url);
    defer(() => watcher.stop());
    const [category] = await createCategories(1);
    const agent = await createStaffAccount(systemCaller('bench', 'Benchmark'), {
      email: 'agent@attachments.bench.local',
      firstName: 'Bench',
      lastName: 'Agent',
      password: PASSWORD,
      role: 'admin',
    });
    const session = await Session.signIn(runtime.url, agent.email, PASSWORD);
    const newTicket = (customerEmail: string) =>
      session.request<Ticket>('POST', '/api/tickets', {
        customerEmail,
        subject: 'Bank statement for a deposit',
        description: 'The deposit has not arrived; the statement is attached.',
        category: category!.name,
        priority: 'medium',
      });
    const s3 = s3Client();
    const Bucket = runtime.storage.bucket;

    log(`${ROUNDS} rounds of a ${FILE_BYTES / 1024 / 1024} MB upload and download, through the API and directly`);
    const bytes = pdfOf(FILE_BYTES);
    const ticket = await newTicket('statements@customers.example.com');
    const times = {
      apiUp: [] as number[],
      directUp: [] as number[],
      apiDown: [] as number[],
      directDown: [] as number[],
    };
    for (let round = 0; round < ROUNDS; round++) {
      const apiFirst = round % 2 === 0;
      const viaApi = async () => {
        const [up, attachmentId] = await timed(() =>
          uploadThroughApi(session, ticket.id, `statement-${round}.pdf`, bytes),
        );
        // The file is downloadable once a message takes it (verified and copied under the ticket): not timed.
        await session.request('POST', `/api/tickets/${ticket.id}/comments`, {
          content: 'Internal copy of the statement.',
          isInternal: true,
          attachmentIds: [attachmentId],
        });
        const [down, size] = await timed(() => downloadThroughApi(session, ticket.id, attachmentId));
        if (size !== bytes.length) throw new Error(`downloaded ${size} bytes of ${bytes.length}`);
        times.apiUp.push(up);
        times.apiDown.push(down);
      };
      const direct = async () => {
        const Key = `bench/direct-${round}.pdf`;
        const [up] = await timed(async () => {
          const form = await createPresignedPost(s3, {
            Bucket,
            Key,
            Conditions: [['content-length-range', bytes.length, bytes.length]],
            Fields: { 'Content-Type': 'application/pdf' },
            Expires: 900,
          });
          await postForm(form, bytes);
        });
        const [down, size] = await timed(async () => {
          const link = await getSignedUrl(s3, new GetObjectCommand({ Bucket, Key }), { expiresIn: 60 });
          return (await (await fetch(link)).arrayBuffer()).byteLength;
        });
        if (size !== bytes.length) throw new Error(`got ${size} bytes of ${bytes.length}`);
        times.directUp.push(up);
        times.directDown.push(down);
      };
      for (const way of apiFirst ? [viaApi, direct] : [direct, viaApi]) await way();
    }
    const median = (values: number[]) => round2(percentile(values, 50));
    const upload = { api: median(times.apiUp), direct: median(times.directUp), ratio: 0 };
    upload.ratio = round2(upload.api / upload.direct);
    const download = { api: median(times.apiDown), direct: median(times.directDown), ratio: 0 };
    download.ratio = round2(download.api / download.direct);

    log(`a reply with ${REPLY_FILES} files of ${REPLY_FILE_BYTES / 1024} KB, end to end`);
    const customer = 'ten-files@customers.example.com';
    const replyTicket = await newTicket(customer);
    // The acknowledgement of the new ticket comes first; the reply is the next e-mail to the customer.
    const mailsTo = () => watcher.mails().filter((m) => m.to.includes(customer));
    for (const until = Date.now() + MAIL_TIMEOUT_MS; mailsTo().length === 0 && Date.now() < until; ) await sleep(100);
    const before = mailsTo().length;
    const began = performance.now();
    const ids = await Promise.all(
      Array.from({ length: REPLY_FILES }, (_, i) =>
        uploadThroughApi(session, replyTicket.id, `page-${i + 1}.pdf`, pdfOf(REPLY_FILE_BYTES)),
      ),
    );
    await session.request('POST', `/api/tickets/${replyTicket.id}/comments`, {
      content: 'Here are the ten pages we received, for your records.',
      attachmentIds: ids,
    });
    const committedMs = round2(performance.now() - began);
    let mailedMs = 0;
    for (const until = Date.now() + MAIL_TIMEOUT_MS; Date.now() < until; ) {
      if (mailsTo().length > before) {
        mailedMs = round2(performance.now() - began);
        break;
      }
      await sleep(50);
    }
    if (!mailedMs) throw new Error(`the reply with ${REPLY_FILES} files never reached the mailbox`);

    const results: AttachmentResults = {
      fileMB: FILE_BYTES / 1024 / 1024,
      rounds: ROUNDS,
      upload,
      download,
      reply: { files: REPLY_FILES, committedMs, mailedMs },
      pass: upload.ratio <= LIMIT_RATIO && download.ratio <= LIMIT_RATIO,
    };
    return results;
  });
}

export async function printAttachments(r: AttachmentResults): Promise<void> {
  console.log(
    `\nAttachments, ${r.fileMB} MB, median of ${r.rounds}: upload ${r.upload.api} ms through the API vs ` +
      `${r.upload.direct} ms to the S3 emulator (×${r.upload.ratio}); download ${r.download.api} vs ` +
      `${r.download.direct} ms (×${r.download.ratio}); limit ×${LIMIT_RATIO}: ${r.pass ? 'pass' : 'FAIL'}. ` +
      `A reply with ${r.reply.files} files: committed after ${r.reply.committedMs} ms, in the mailbox after ` +
      `${r.reply.mailedMs} ms`,
  );
}
