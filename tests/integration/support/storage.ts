/**
 * The attachments bucket for a test file: the S3 emulator (infra/local/storage.ts) on a free port with its data in a
 * temporary folder, the functions pointed at it by configuration, and an upload as the browser makes it (the presigned
 * POST form, then the file).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resetConfigForTests } from '#functions/lib/config.ts';
import { type LocalStorageServer, startStorage } from '#infra/local/storage.ts';
import type { ApiClient } from './api.ts';

const BUCKET = 'helpdesk-attachments-test';

export interface TestStorage {
  server: LocalStorageServer;
  stop(): Promise<void>;
}

export async function startTestStorage(origins: string[] = []): Promise<TestStorage> {
  const directory = await mkdtemp(join(tmpdir(), 'helpdesk-s3-'));
  const server = await startStorage({ port: 0, directory, bucket: BUCKET, origins });
  Object.assign(process.env, { S3_ENDPOINT: server.url, ATTACHMENTS_BUCKET: BUCKET });
  resetConfigForTests();
  return {
    server,
    stop: async () => {
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Announces a file, then POSTs its bytes with the form answered; returns the attachment id and the upload's status. */
export async function upload(
  client: ApiClient,
  ticketId: number,
  file: { filename: string; contentType: string; bytes: Buffer },
): Promise<{ attachmentId: string; status: number }> {
  const announced = await client.post(`/api/tickets/${ticketId}/attachments`, {
    filename: file.filename,
    contentType: file.contentType,
    size: file.bytes.length,
  });
  if (announced.status !== 201) throw new Error(`Upload refused: ${JSON.stringify(announced.body)}`);
  const { attachmentId, upload: form } = announced.body as {
    attachmentId: string;
    upload: { url: string; fields: Record<string, string> };
  };
  const { status } = await postForm(form, file.bytes);
  return { attachmentId, status };
}

/** The browser's side of an upload: the form's fields, then the file. */
export function postForm(form: { url: string; fields: Record<string, string> }, bytes: Buffer): Promise<Response> {
  const body = new FormData();
  for (const [name, value] of Object.entries(form.fields)) body.append(name, value);
  body.append('file', new Blob([new Uint8Array(bytes)]));
  return fetch(form.url, { method: 'POST', body });
}
