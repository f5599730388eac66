/**
 * Inbound mail read (docs/decisions/080-mail.md): the parts of a raw message the inbound use case needs, and the text a
 * reply adds. Only the inbound path imports it, so no other function carries a mail parser
 * (docs/decisions/100-function-bundles.md).
 */
import EmailReplyParser from 'email-reply-parser';
import { type AddressObject, simpleParser } from 'mailparser';

/** An inbound message, as much of it as the help desk reads. */
export interface InboundMail {
  /** The From address, lower-case; absent when the message names none. */
  from?: string;
  subject: string;
  messageId?: string;
  /** The whole plain-text body (derived from the HTML part when there is no text part). */
  text: string;
  /** `Content-Language`, as sent. */
  contentLanguage?: string;
  /** The headers that mark machine-written mail, lower-case names, as sent. */
  autoHeaders: Record<string, string>;
  /** Its files, inline images included, in the order they came, as the sender declared them. */
  files: InboundFile[];
}

/** A file of an inbound message: its bytes, decoded, and what the sender says it is (judged by the use case). */
export interface InboundFile {
  /** As sent; absent for a part without a name (an inline image, often). */
  filename?: string;
  /** The part's declared `Content-Type`. */
  contentType: string;
  bytes: Buffer;
}

/** Headers whose presence or value says an autoresponder, a list or a mail system wrote the message. */
const AUTO_HEADERS = ['auto-submitted', 'precedence', 'x-autoreply', 'x-autorespond'];

const headerText = (value: unknown): string | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && 'value' in value) return String((value as { value: unknown }).value);
  return String(value);
};

const firstAddress = (from: AddressObject | undefined): string | undefined =>
  from?.value.find((entry) => entry.address)?.address?.toLowerCase();

/** parseMail: the parts of a raw message the inbound use case reads. */
export async function parseMail(raw: Buffer): Promise<InboundMail> {
  const parsed = await simpleParser(raw, { skipHtmlToText: false, skipTextLinks: true, skipImageLinks: true });
  const autoHeaders: Record<string, string> = {};
  for (const name of AUTO_HEADERS) {
    const value = headerText(parsed.headers.get(name));
    if (value !== undefined) autoHeaders[name] = value;
  }
  return {
    from: firstAddress(parsed.from),
    subject: parsed.subject ?? '',
    messageId: parsed.messageId,
    text: parsed.text ?? '',
    contentLanguage: headerText(parsed.headers.get('content-language')),
    autoHeaders,
    files: parsed.attachments.map((file) => ({
      ...(file.filename ? { filename: file.filename } : {}),
      contentType: file.contentType,
      bytes: file.content,
    })),
  };
}

/** visibleReplyText: what the writer wrote this time: quoted earlier messages and the signature block removed. */
export function visibleReplyText(text: string): string {
  return new EmailReplyParser().read(text).getVisibleText().trim();
}
