/**
 * Rules for mail that reaches the help desk (docs/decisions/080-mail.md): where it is addressed, whether a machine
 * wrote it, which language it is in, and what a new ticket made from it says. Pure; the inbound use case
 * (functions/use-cases/mail/receive-mail.ts) applies them.
 */
import {
  DEFAULT_CUSTOMER_LANGUAGE,
  DESCRIPTION_MIN_LENGTH,
  type Language,
  LANGUAGES,
  SUBJECT_MIN_LENGTH,
  TICKET_LIMITS,
} from '#shared/constants.ts';
import { visibleLength } from '#shared/schemas/text.ts';

/**
 * Larger messages change nothing. SES takes messages up to 40 MB, and a file of the largest size a message may keep
 * (25 MB, docs/decisions/094-attachments.md) grows by a third in base64: a message carrying one needs about 35 MB.
 */
export const MAX_INBOUND_BYTES = 40 * 1024 * 1024;

/**
 * The longest Message-ID kept (RFC 5322's line limit): what threads a ticket's e-mails, stored on the ticket and on
 * held mail; a longer one, which no mail system writes, is not kept, so that no header can grow an item.
 */
export const MESSAGE_ID_MAX = 998;

/** The local part of the support address: a message to it opens a ticket. */
export const SUPPORT_LOCAL_PART = 'support';
/** Reply addresses are `reply+<token>@<domain>`. */
export const REPLY_LOCAL_PREFIX = 'reply+';

/**
 * Why an inbound message changed nothing. Each is counted (one counter item per reason) and logged; none is answered,
 * so that no mail loop can start. A new message over the per-sender limit (`sender_limit`, docs/decisions/082) is
 * also kept, for an admin to release or dismiss.
 */
export const INBOUND_REFUSALS = [
  'too_large',
  'unreadable',
  'auto_reply',
  'failed_checks',
  'unknown_recipient',
  'bad_token',
  'unknown_ticket',
  'foreign_sender',
  'no_sender',
  'empty',
  'no_category',
  'sender_limit',
] as const;
export type InboundRefusal = (typeof INBOUND_REFUSALS)[number];

/** Where a message is addressed: a ticket's reply address, or the support address. */
export type Destination = { kind: 'reply'; token: string } | { kind: 'support' };

/**
 * destinationOf: the first reply address among the recipients, else the support address, on the mail domain only
 * (case-insensitive); undefined when the message is for neither.
 */
export function destinationOf(recipients: readonly string[], domain: string): Destination | undefined {
  let support = false;
  for (const recipient of recipients) {
    const address = recipient.trim().toLowerCase();
    const at = address.lastIndexOf('@');
    if (at < 1 || address.slice(at + 1) !== domain.toLowerCase()) continue;
    const local = address.slice(0, at);
    if (local.startsWith(REPLY_LOCAL_PREFIX) && local.length > REPLY_LOCAL_PREFIX.length) {
      return { kind: 'reply', token: local.slice(REPLY_LOCAL_PREFIX.length) };
    }
    if (local === SUPPORT_LOCAL_PART) support = true;
  }
  return support ? { kind: 'support' } : undefined;
}

/** Senders that are mail systems, never people (bounces and system notices). */
const SYSTEM_SENDERS = new Set(['mailer-daemon', 'postmaster']);

/**
 * isAutomated: written by a machine, so it must never open or change a ticket (and is never answered): an
 * `Auto-Submitted` value other than `no` (RFC 3834), `Precedence: bulk`, `junk` or `list`, the `X-Autoreply` /
 * `X-Autorespond` headers of common autoresponders, a mailer-daemon or postmaster sender, or an empty envelope
 * sender (`MAIL FROM:<>`, which RFC 5321 reserves for bounces and notices).
 */
export function isAutomated(
  mail: { from?: string; autoHeaders: Readonly<Record<string, string>> },
  envelopeFrom?: string | null,
): boolean {
  const headers = mail.autoHeaders;
  const autoSubmitted = headers['auto-submitted']?.split(';')[0]?.trim().toLowerCase();
  if (autoSubmitted && autoSubmitted !== 'no') return true;
  const precedence = headers.precedence?.trim().toLowerCase();
  if (precedence === 'bulk' || precedence === 'junk' || precedence === 'list') return true;
  if (headers['x-autoreply'] !== undefined || headers['x-autorespond'] !== undefined) return true;
  const local = mail.from?.split('@')[0]?.toLowerCase();
  if (local && SYSTEM_SENDERS.has(local)) return true;
  return envelopeFrom === '';
}

/** The customer's language from `Content-Language` (its first tag's primary subtag), else English. */
export function customerLanguageOf(contentLanguage: string | undefined): Language {
  const primary = contentLanguage?.split(',')[0]?.trim().split(/[-_]/)[0]?.toLowerCase();
  return (LANGUAGES as readonly string[]).includes(primary ?? '') ? (primary as Language) : DEFAULT_CUSTOMER_LANGUAGE;
}

/** Control characters the API's input rules refuse in a long text (shared/schemas/text.ts): all but tab and newline. */
const CONTROL_EXCEPT_TAB_NEWLINE = /[^\P{Cc}\t\n]/gu;

/**
 * Text cut to `max` characters, the cut marked with an ellipsis; `truncated` says whether it was cut. Line ends become
 * LF and other control characters are dropped, so that what a mail client sent always passes the input rules.
 */
export function fitText(text: string, max: number): { text: string; truncated: boolean } {
  const trimmed = text.replace(/\r\n?/g, '\n').replace(CONTROL_EXCEPT_TAB_NEWLINE, '').trim();
  if (trimmed.length <= max) return { text: trimmed, truncated: false };
  return { text: `${trimmed.slice(0, max - 1).trimEnd()}…`, truncated: true };
}

/**
 * The subject and description of a ticket opened by an e-mail, always valid for the ticket rules: a subject too
 * short (or none) becomes `mailFrom(sender)`, "E-mail from <sender>" in the customer's language; a body too short is
 * preceded by the subject (and, if still short, by that line); both are cut to their limits.
 */
export function ticketFieldsOfMail(
  mail: { from: string; subject: string; text: string },
  mailFrom: (sender: string) => string,
): {
  subject: string;
  description: string;
} {
  const given = fitText(mail.subject.replace(/\s+/g, ' '), TICKET_LIMITS.subjectMax).text;
  // The input rules count what a reader sees (shared/schemas/text.ts visibleLength), not invisible characters.
  const subject =
    visibleLength(given) >= SUBJECT_MIN_LENGTH ? given : fitText(mailFrom(mail.from), TICKET_LIMITS.subjectMax).text;
  let description = fitText(mail.text, TICKET_LIMITS.descriptionMax).text;
  if (visibleLength(description) < DESCRIPTION_MIN_LENGTH) description = `${given}\n\n${description}`.trim();
  if (visibleLength(description) < DESCRIPTION_MIN_LENGTH) {
    description = [mailFrom(mail.from), description].filter(Boolean).join('\n\n');
  }
  return { subject, description: fitText(description, TICKET_LIMITS.descriptionMax).text };
}
