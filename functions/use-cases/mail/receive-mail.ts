/**
 * Mail that reaches the help desk (docs/decisions/080-mail.md). Both runtimes hand the raw message here: the embedded
 * SMTP listener (infra/local/smtp.ts) and, in AWS, the Lambda that SES's receipt rule invokes after storing the
 * message in S3 (functions/jobs/inbound-mail.ts). A reply to a ticket's reply address from that ticket's customer
 * joins the thread through addCustomerMessage; a new message to the support address opens a ticket through
 * createTicket, up to the desk's limit of new tickets per sender and hour (docs/decisions/082), over which it is held
 * for an admin. Anything else changes nothing and is never answered (no mail loops): it is counted under its reason
 * and logged.
 */
import { createHash } from 'node:crypto';
import { EMAIL_MAX, visibleLength } from '#shared/schemas/text.ts';
import { TICKET_LIMITS } from '#shared/constants.ts';
import { holdMail } from '../../data/held-mail.ts';
import { newTicketCount, newTicketsCounted } from '../../data/mail-limits.ts';
import { clearAddressStatus, countInboundRefusal } from '../../data/mail.ts';
import { getDeskSettings } from '../../data/settings.ts';
import { getTicket } from '../../data/tickets/item.ts';
import {
  customerLanguageOf,
  destinationOf,
  fitText,
  type InboundRefusal,
  isAutomated,
  MAX_INBOUND_BYTES,
  MESSAGE_ID_MAX,
  ticketFieldsOfMail,
} from '../../domain/inbound-mail.ts';
import { sanitiseFilename } from '../../domain/attachments.ts';
import { MAX_LISTED_MAIL_FILES } from '../../domain/inbound-files.ts';
import { mailLimitWindow } from '../../domain/mail-limits.ts';
import { CATALOGS } from '../../mail/templates/index.ts';
import type { TicketRecord } from '../../domain/tickets.ts';
import { mailConfig } from '../../lib/config.ts';
import { ValidationError } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { type InboundMail, parseMail, visibleReplyText } from '../../lib/mail-parse.ts';
import { earlierTicket } from '../tickets/create-ticket.ts';
import { type PreparedAttachments, withAttachments } from '../tickets/attachments.ts';
import { AlreadyReceivedError, addCustomerMessage, alreadyReceived } from '../tickets/thread.ts';
import { storeMailFiles } from './mail-files.ts';
import {
  inboundCategory,
  mailCaller,
  type MailTicketFields,
  mailTicketRequest,
  openMailTicket,
} from './mail-ticket.ts';
import { ticketOfReplyToken } from './tokens.ts';

/** The channel's name where messages are remembered by it (the idempotency scope of replies). */
const CHANNEL = 'inbound-mail';

/** What the transport knows beyond the message itself. */
export interface Envelope {
  /** Whom the message was delivered to: SMTP's RCPT TO, or SES's receipt recipients. */
  recipients: readonly string[];
  /** SMTP's MAIL FROM: `''` for the null sender of bounces and notices; undefined when not known. */
  mailFrom?: string | null;
  /** SES's checks of the message (AWS only): `PASS`, `FAIL`, `GRAY`, …; the sender domain's DMARC policy. */
  verdicts?: { spam?: string; virus?: string; dmarc?: string; dmarcPolicy?: string };
  /** When the message reached us; the time the thread shows. */
  receivedAt?: Date;
}

export type InboundOutcome =
  | { outcome: 'reply'; ticketId: number; commentId?: string; duplicate: boolean }
  | { outcome: 'ticket'; ticketId: number; duplicate: boolean }
  | { outcome: 'refused'; reason: InboundRefusal };

/** Spam, a virus, or a sender whose domain asks receivers to reject mail that fails DMARC. */
function failedChecks(verdicts: Envelope['verdicts']): boolean {
  if (!verdicts) return false;
  if (verdicts.spam === 'FAIL' || verdicts.virus === 'FAIL') return true;
  const policy = verdicts.dmarcPolicy?.toLowerCase();
  return verdicts.dmarc === 'FAIL' && (policy === 'reject' || policy === 'quarantine');
}

/** Counts and logs a refusal; a failure to count is logged too, and never turns a refusal into an error. */
async function refuse(
  reason: InboundRefusal,
  facts: { from?: string; recipients: readonly string[]; messageId?: string; detail?: string },
  now: Date,
): Promise<InboundOutcome> {
  const detail = facts.detail ?? `from ${facts.from ?? 'unknown'} to ${facts.recipients.join(', ')}`;
  logger.warn('Inbound mail refused', { reason, ...facts });
  await countInboundRefusal(reason, now, detail.slice(0, 300)).catch((error) =>
    logger.error('Inbound mail refusal not counted', { error: error as Error, reason }),
  );
  return { outcome: 'refused', reason };
}

/** The message's identity for "recorded once": a hash of its Message-ID, or of its bytes when it has none. */
const messageKey = (mail: InboundMail, raw: Buffer) =>
  createHash('sha256')
    .update(mail.messageId ? `id:${mail.messageId}` : raw)
    .digest('base64url');

/** The names of an e-mail's files, one a line, as a message of files alone reads. */
const fileNamesOf = (files: InboundMail['files']) =>
  files
    .slice(0, MAX_LISTED_MAIL_FILES)
    .map((file) => sanitiseFilename(file.filename))
    .join('\n');

async function receiveReply(
  mail: InboundMail & { from: string },
  raw: Buffer,
  token: string,
  envelope: Envelope,
  now: Date,
): Promise<InboundOutcome> {
  const facts = { from: mail.from, recipients: envelope.recipients, messageId: mail.messageId };
  const ticketId = await ticketOfReplyToken(token);
  if (ticketId === undefined) return refuse('bad_token', facts, now);
  const ticket = await getTicket(ticketId);
  if (!ticket) return refuse('unknown_ticket', facts, now);
  if (ticket.customerEmail !== mail.from) {
    return refuse('foreign_sender', { ...facts, detail: `from ${mail.from} on ${ticket.ticketId}` }, now);
  }
  const written = fitText(visibleReplyText(mail.text), TICKET_LIMITS.commentMax);
  // A reply of files alone (a screenshot, no words) joins the thread under the files' names.
  const content = visibleLength(written.text) ? written : fitText(fileNamesOf(mail.files), TICKET_LIMITS.commentMax);
  if (!visibleLength(content.text)) return refuse('empty', facts, now);
  if (content.truncated) logger.warn('Inbound reply cut to the comment limit', { ticketId, from: mail.from });
  // A reply to a ticket that was merged goes on with the conversation where it lives now (docs/product.md, "Merge").
  const destination = (await mergeDestination(ticket)).id;
  const once = { channel: CHANNEL, key: messageKey(mail, raw) };
  const duplicate = () => {
    logger.info('Inbound reply received before; nothing changed', { ticketId: destination, messageId: mail.messageId });
    return { outcome: 'reply', ticketId: destination, duplicate: true } as const;
  };
  // A delivery of an e-mail already recorded stores none of its files again (docs/decisions/094-attachments.md).
  if (mail.files.length && (await alreadyReceived(once, now))) return duplicate();
  // The files go under the ticket the message joins, before it commits; withAttachments deletes them if it does not.
  const files = mail.files.length ? await storeMailFiles(destination, mail.from, mail.files, now) : undefined;
  try {
    const comment = await withAttachments(files, () =>
      addCustomerMessage(
        { ticketId: destination, content: content.text, channel: 'email', receivedAt: envelope.receivedAt ?? now },
        now,
        {
          once,
          mail: { direction: 'received', kind: 'reply', address: mail.from },
          ...(files ? { attachments: files } : {}),
        },
      ),
    );
    return { outcome: 'reply', ticketId: destination, commentId: comment.id, duplicate: false };
  } catch (error) {
    if (!(error instanceof AlreadyReceivedError)) throw error;
    return duplicate();
  }
}

/**
 * Each merge points at a ticket that was not merged then; merging that one later makes a chain, followed here for a
 * few hops at most.
 */
const MAX_MERGE_HOPS = 5;

/** The ticket a conversation lives on now: the ticket itself, or the one it was merged into. */
async function mergeDestination(ticket: TicketRecord): Promise<TicketRecord> {
  let current = ticket;
  for (let hop = 0; hop < MAX_MERGE_HOPS && current.mergedIntoId; hop++) {
    const next = await getTicket(current.mergedIntoId);
    if (!next) break;
    current = next;
  }
  return current;
}

/** The sender's count of new tickets was full when the ticket's transaction ran. */
class OverSenderLimit extends Error {
  override name = 'OverSenderLimit';
}

/**
 * A new message over the sender's limit: the ticket it opened already if it is a message delivered again, else
 * held for an admin (once, however often it is delivered) and counted as refused. Nothing is sent back.
 */
async function holdOverLimit(
  mail: MailTicketFields,
  category: string,
  facts: { recipients: readonly string[]; cap: number },
  now: Date,
): Promise<InboundOutcome> {
  const earlier = await earlierTicket(mailCaller(mail.from), mail.key, mailTicketRequest(mail, category), now);
  if (earlier) return { outcome: 'ticket', ticketId: earlier.id, duplicate: true };
  const { key, ...fields } = mail;
  const held = await holdMail({ ...fields, id: key, receivedAt: now.toISOString(), reason: 'sender_limit' }, now);
  const detail = `from ${mail.from}: more than ${facts.cap} new tickets this hour`;
  const refusal = { from: mail.from, recipients: facts.recipients, messageId: mail.messageId ?? undefined, detail };
  if (held) return refuse('sender_limit', refusal, now);
  logger.info('Inbound mail held before; nothing changed', { from: mail.from, messageId: mail.messageId });
  return { outcome: 'refused', reason: 'sender_limit' };
}

async function receiveNewTicket(
  mail: InboundMail & { from: string },
  raw: Buffer,
  envelope: Envelope,
  now: Date,
): Promise<InboundOutcome> {
  const category = await inboundCategory();
  if (!category) {
    logger.error('No active category to file e-mail tickets under; create one');
    return refuse('no_category', { from: mail.from, recipients: envelope.recipients, messageId: mail.messageId }, now);
  }
  if (mail.from.length > EMAIL_MAX) {
    const facts = { recipients: envelope.recipients, messageId: mail.messageId };
    return refuse('unreadable', { ...facts, detail: `a sender address of ${mail.from.length} characters` }, now);
  }
  const messageId = mail.messageId && mail.messageId.length <= MESSAGE_ID_MAX ? mail.messageId : null;
  const customerLanguage = customerLanguageOf(mail.contentLanguage);
  const fields: MailTicketFields = {
    from: mail.from,
    ...ticketFieldsOfMail(
      { from: mail.from, subject: mail.subject, text: mail.text },
      CATALOGS[customerLanguage].mailFrom,
    ),
    customerLanguage,
    messageId,
    key: messageKey(mail, raw),
  };
  // The limit per sender and hour (docs/decisions/082): a full window is seen at once, without taking a ticket
  // number or a round-robin turn; the count in the ticket's own transaction is what holds it exactly.
  const cap = (await getDeskSettings()).inboundMail.newTicketsPerSenderPerHour;
  const window = mailLimitWindow(now);
  const over = { recipients: envelope.recipients, cap };
  if ((await newTicketsCounted(mail.from, window)) >= cap) return holdOverLimit(fields, category, over, now);
  // The message's files go under the ticket's number once it is taken, before its transaction; they go again
  // unless the ticket is written with them (docs/decisions/094-attachments.md).
  let files: PreparedAttachments | undefined;
  const storeFiles = mail.files.length
    ? async (ticketId: number) => (files = await storeMailFiles(ticketId, mail.from, mail.files, now))
    : undefined;
  const opened = await openMailTicket(
    fields,
    category,
    now,
    () => [newTicketCount(mail.from, window, cap, () => new OverSenderLimit())],
    storeFiles,
  ).catch(async (error: unknown) => {
    await files?.abandoned();
    // What the ticket rules still refuse (a sender address they do not accept): refused, never handed back forever.
    if (error instanceof ValidationError || error instanceof OverSenderLimit) return error;
    throw error;
  });
  if (!(opened instanceof Error) && opened.replayed) await files?.abandoned();
  if (opened instanceof OverSenderLimit) return holdOverLimit(fields, category, over, now);
  if (opened instanceof ValidationError) {
    const facts = { from: mail.from, recipients: envelope.recipients, messageId: mail.messageId };
    return refuse('unreadable', { ...facts, detail: `${opened.message}, from ${mail.from}` }, now);
  }
  const { ticket, replayed } = opened;
  return { outcome: 'ticket', ticketId: ticket.id, duplicate: replayed };
}

/** refuseOversized: a message over the limit, known by its size alone (the transport did not hand it all over). */
export function refuseOversized(bytes: number, envelope: Envelope, now = new Date()): Promise<InboundOutcome> {
  const { recipients } = envelope;
  return refuse('too_large', { recipients, detail: `${bytes} bytes to ${recipients.join(', ')}` }, now);
}

/**
 * receiveMail: what one inbound message does. Refusals are answers, not errors; an error (the table unreachable)
 * is thrown so that the transport hands the message over again later (SMTP 451, or Lambda's retry).
 */
export async function receiveMail(raw: Buffer, envelope: Envelope, now = new Date()): Promise<InboundOutcome> {
  const recipients = envelope.recipients;
  if (raw.length > MAX_INBOUND_BYTES) return refuseOversized(raw.length, envelope, now);
  let mail: InboundMail;
  try {
    mail = await parseMail(raw);
  } catch (error) {
    logger.warn('Inbound mail could not be parsed', { error: error as Error });
    return refuse('unreadable', { recipients }, now);
  }
  const facts = { from: mail.from, recipients, messageId: mail.messageId };
  if (isAutomated(mail, envelope.mailFrom)) return refuse('auto_reply', facts, now);
  if (failedChecks(envelope.verdicts)) return refuse('failed_checks', facts, now);
  const destination = destinationOf(recipients, mailConfig().domain);
  if (!destination) return refuse('unknown_recipient', facts, now);
  if (!mail.from) return refuse('no_sender', facts, now);
  const from = mail.from;

  const outcome =
    destination.kind === 'reply'
      ? await receiveReply({ ...mail, from }, raw, destination.token, envelope, now)
      : await receiveNewTicket({ ...mail, from }, raw, envelope, now);
  if (outcome.outcome !== 'refused') {
    // Its owner just wrote from it: whatever bounced before, the address works now.
    await clearAddressStatus(from).catch((error) =>
      logger.warn('Address status not cleared', { error: error as Error, from }),
    );
    logger.info('Inbound mail received', { ...outcome, from, messageId: mail.messageId });
  }
  return outcome;
}
