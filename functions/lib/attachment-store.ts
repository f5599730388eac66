/**
 * The attachments bucket (docs/decisions/094-attachments.md): S3 in AWS, the S3 emulator in the embedded runtime, by
 * configuration only. An upload lands under `uploads/` (a lifecycle rule deletes what is never attached); once a
 * message takes the file, it is copied under `tickets/<ticketId>/` (what GuardDuty scans and what is served) and the
 * upload deleted. A file that came with a customer's e-mail is written under `tickets/<ticketId>/` at once.
 */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3Client } from './s3-client.ts';
import { attachmentsConfig } from './config.ts';

/** How long an upload form may be used. */
const UPLOAD_FORM_SECONDS = 15 * 60;
/** How long a download link lives: the browser follows it at once. */
export const DOWNLOAD_URL_SECONDS = 60;

/** Where the browser's upload lands, and where the attached file lives. */
export const objectKeys = {
  upload: (ticketId: number, attachmentId: string) => `uploads/${ticketId}/${attachmentId}`,
  stored: (ticketId: number, attachmentId: string) => `tickets/${ticketId}/${attachmentId}`,
};

/** The ticket and attachment a stored file's key names; undefined for any other key (an upload, a stray object). */
export function storedKeyOf(key: string): { ticketId: number; attachmentId: string } | undefined {
  const match = /^tickets\/([1-9]\d{0,9})\/([0-9a-f-]{36})$/.exec(key);
  return match ? { ticketId: Number(match[1]), attachmentId: match[2]! } : undefined;
}

const Bucket = () => attachmentsConfig().bucket;

/** A presigned POST for exactly `size` bytes of `contentType` to `key`, usable for 15 minutes. */
export function presignUpload(key: string, size: number, contentType: string) {
  return createPresignedPost(s3Client(), {
    Bucket: Bucket(),
    Key: key,
    Conditions: [
      ['content-length-range', size, size],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: UPLOAD_FORM_SECONDS,
  });
}

/** An object's bytes, or undefined when there is none. */
export async function readObject(key: string): Promise<Buffer | undefined> {
  try {
    const object = await s3Client().send(new GetObjectCommand({ Bucket: Bucket(), Key: key }));
    return Buffer.from(await object.Body!.transformToByteArray());
  } catch (error) {
    if (error instanceof NoSuchKey || error instanceof NotFound) return undefined;
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
    throw error;
  }
}

/** Copies an object inside the bucket, with the type it was found to be. */
export async function copyObject(from: string, to: string, contentType: string): Promise<void> {
  await s3Client().send(
    new CopyObjectCommand({
      Bucket: Bucket(),
      CopySource: `${Bucket()}/${from}`,
      Key: to,
      ContentType: contentType,
      MetadataDirective: 'REPLACE',
    }),
  );
}

/** Writes an object's bytes with the type they were found to be (a file that came with an e-mail). */
export async function putObject(key: string, bytes: Buffer, contentType: string): Promise<void> {
  await s3Client().send(new PutObjectCommand({ Bucket: Bucket(), Key: key, Body: bytes, ContentType: contentType }));
}

export async function deleteObject(key: string): Promise<void> {
  await s3Client().send(new DeleteObjectCommand({ Bucket: Bucket(), Key: key }));
}

/**
 * A link that serves the object for DOWNLOAD_URL_SECONDS as a download (`Content-Disposition: attachment`) with the
 * sniffed type: a browser saves it, never runs it, and it comes from the bucket's origin, never the app's.
 */
export function presignDownload(key: string, filename: string, contentType: string): Promise<string> {
  return getSignedUrl(
    s3Client(),
    new GetObjectCommand({
      Bucket: Bucket(),
      Key: key,
      ResponseContentDisposition: contentDisposition(filename),
      ResponseContentType: contentType,
      ResponseCacheControl: 'private, no-store',
    }),
    { expiresIn: DOWNLOAD_URL_SECONDS },
  );
}

/** `attachment` with the name in ASCII (quotes and backslashes replaced) and in UTF-8 (RFC 6266, RFC 5987). */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
