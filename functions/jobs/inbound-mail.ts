/**
 * Inbound mail in AWS: SES's receipt rule stores each message for `reply+*@` and `support@` the mail domain in the
 * inbound bucket, then invokes this function with the receipt. It only fetches the stored message and hands it, with
 * the recipients and SES's verdicts, to the same use case the embedded SMTP listener feeds
 * (functions/use-cases/mail/receive-mail.ts). An error is thrown (the table unreachable), so that Lambda tries the
 * event again; a refusal is an answer, not an error.
 */
import middy from '@middy/core';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Context, SESEvent, SESEventRecord } from 'aws-lambda';
import { MAX_INBOUND_BYTES } from '../domain/inbound-mail.ts';
import { config, mailConfig } from '../lib/config.ts';
import { logger } from '../lib/logger.ts';
import { observed } from '../lib/observability.ts';
import { type Envelope, receiveMail, refuseOversized } from '../use-cases/mail/receive-mail.ts';

let s3: S3Client | undefined;
const s3Client = () => (s3 ??= new S3Client({ region: config().region }));

/** SES writes an empty or `<>` source for the null sender of bounces and notices. */
const mailFromOf = (source: string) => (source === '<>' ? '' : source);

async function receive(record: SESEventRecord): Promise<void> {
  const { mail, receipt } = record.ses;
  const { inboundBucket, inboundPrefix } = mailConfig();
  if (!inboundBucket) throw new Error('INBOUND_MAIL_BUCKET is not set');
  const location = { Bucket: inboundBucket, Key: `${inboundPrefix}${mail.messageId}` };
  const envelope: Envelope = {
    recipients: receipt.recipients,
    mailFrom: mailFromOf(mail.source),
    verdicts: {
      spam: receipt.spamVerdict?.status,
      virus: receipt.virusVerdict?.status,
      dmarc: receipt.dmarcVerdict?.status,
      dmarcPolicy: receipt.dmarcPolicy,
    },
    receivedAt: new Date(mail.timestamp),
  };
  const head = await s3Client().send(new HeadObjectCommand(location));
  const size = head.ContentLength ?? 0;
  if (size > MAX_INBOUND_BYTES) {
    await refuseOversized(size, envelope);
    return;
  }
  const object = await s3Client().send(new GetObjectCommand(location));
  const raw = Buffer.from(await object.Body!.transformToByteArray());
  const outcome = await receiveMail(raw, envelope);
  logger.info('Inbound mail handled', { sesMessageId: mail.messageId, ...outcome });
}

export const handler = middy<SESEvent, void, Error, Context>()
  .use(observed())
  .handler(async (event) => {
    for (const record of event.Records) await receive(record);
  });
