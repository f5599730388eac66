/**
 * The mail adapter: the one place that talks to SES (SES v2, `SendEmail` with raw MIME). Outgoing messages are
 * composed here with nodemailer's MailComposer so that Message-ID, In-Reply-To, References, Reply-To and the
 * auto-reply headers are exactly ours; incoming ones are read in mail-parse.ts. In AWS the client talks to SES itself; in the embedded runtime
 * `SES_ENDPOINT` points it at the SES emulator (configuration only, functions/lib/config.ts).
 */
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import MailComposer from 'nodemailer/lib/mail-composer';
import { config, mailConfig } from './config.ts';

/** A message the help desk sends, with the headers that thread it and keep it out of mail loops. */
export interface OutgoingMail {
  from: { name: string; address: string };
  to: string;
  /** Where the reader's answer goes: `reply+<token>@<domain>` for customer mail. */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** The `Content-Language` of the message. */
  language: string;
  /** `<id@domain>`, angle brackets included. */
  messageId: string;
  inReplyTo?: string;
  references?: string[];
  /**
   * RFC 3834: `auto-replied` for an acknowledgement, `auto-generated` for notices nobody typed; absent for a staff
   * member's reply. Well-behaved autoresponders do not answer either, which keeps two help desks from looping.
   */
  autoSubmitted?: 'auto-replied' | 'auto-generated';
  /** Files carried in the message (multipart/mixed): the exact bytes, the sanitised name, the sniffed type. */
  attachments?: readonly MailAttachment[];
}

/** A file of an outgoing message (docs/decisions/094-attachments.md, "Files in e-mail"). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * composeMail: the raw MIME bytes of a message (multipart/alternative: plain text and HTML; inside multipart/mixed
 * with each file as a base64 part, `Content-Disposition: attachment`, when it carries files).
 */
export async function composeMail(mail: OutgoingMail, date = new Date()): Promise<Buffer> {
  const headers: Record<string, string> = { 'Content-Language': mail.language };
  if (mail.autoSubmitted) {
    headers['Auto-Submitted'] = mail.autoSubmitted;
    // Exchange and Outlook read this instead: no out-of-office or delivery receipts for machine-written mail.
    headers['X-Auto-Response-Suppress'] = 'All';
  }
  const composer = new MailComposer({
    from: mail.from,
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    inReplyTo: mail.inReplyTo,
    references: mail.references,
    date,
    headers,
    attachments: mail.attachments?.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: file.content,
      contentDisposition: 'attachment' as const,
      contentTransferEncoding: 'base64' as const,
    })),
    // Content from us only: never let a value make the composer read a file or fetch a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
    xMailer: false,
  });
  return composer.compile().build();
}

let ses: SESv2Client | undefined;
let sesEndpoint: string | undefined;

/** The SES client for the configured endpoint, created once per process (and again if the endpoint changes). */
function sesClient(): SESv2Client {
  const endpoint = mailConfig().sesEndpoint;
  if (!ses || sesEndpoint !== endpoint) {
    ses?.destroy();
    ses = new SESv2Client({ region: config().region, endpoint });
    sesEndpoint = endpoint;
  }
  return ses;
}

/** SES errors no retry can mend: the message or its recipient is refused as such. */
const PERMANENT_SES_ERRORS = new Set(['MessageRejected', 'BadRequestException', 'MailFromDomainNotVerifiedException']);

/** Whether SES refused a message for good (a retry would be refused the same way). */
export const isPermanentSendError = (error: unknown): boolean =>
  PERMANENT_SES_ERRORS.has((error as { name?: string } | undefined)?.name ?? '');

/**
 * sendRawMail: hands a composed message to SES (the configured configuration set reports its bounces and complaints);
 * resolves with SES's message id. SES writes its own Message-ID header over ours; the threading of our messages does
 * not depend on it (docs/decisions/080-mail.md).
 */
export async function sendRawMail(
  raw: Buffer,
  envelope: { from: string; to: string },
  signal?: AbortSignal,
): Promise<string> {
  const result = await sesClient().send(
    new SendEmailCommand({
      FromEmailAddress: envelope.from,
      Destination: { ToAddresses: [envelope.to] },
      Content: { Raw: { Data: raw } },
      ConfigurationSetName: mailConfig().configurationSet,
    }),
    { abortSignal: signal },
  );
  return result.MessageId ?? '';
}
