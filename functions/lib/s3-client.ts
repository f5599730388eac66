import { S3Client } from '@aws-sdk/client-s3';
import { attachmentsConfig, config } from './config.ts';

let s3: S3Client | undefined;

/** The S3 client of the attachments bucket, once per process; the S3 emulator is addressed by path. */
export function s3Client(): S3Client {
  if (!s3) {
    const endpoint = attachmentsConfig().s3Endpoint;
    s3 = new S3Client({ region: config().region, ...(endpoint ? { endpoint, forcePathStyle: true } : {}) });
  }
  return s3;
}
