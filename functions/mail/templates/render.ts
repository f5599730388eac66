/**
 * Every e-mail the help desk writes, as a subject, a plain-text body and a simple HTML body, in the reader's language
 * (the words come from ./catalog.ts). Pure: the caller supplies the facts and links; functions/lib/mail.ts sends.
 */
import { type Priority, PRODUCT_NAME, type TicketStatus } from '#shared/constants.ts';
import { wordRedactions } from '#shared/redaction.ts';
import type { TicketAlarmMessage } from '#shared/schemas/alarm.ts';
import { RATING_SCORES } from '#shared/schemas/ticket.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { MailCatalog } from './catalog.ts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** The language tag, for the `Content-Language` header. */
  language: string;
}

/** The ticket as every customer e-mail names it. */
export interface TicketFacts {
  /** The display code, `TKT-000042`. */
  code: string;
  subject: string;
  /** The customer's anti-phishing code, when the upstream system set one (docs/decisions/096-anti-phishing-code.md). */
  antiPhishingCode?: string;
}

/**
 * A ticket's text in the reader's language: what was redacted from it is stored as its kind
 * (docs/decisions/073-redaction.md), and the e-mail says it in the catalog's words.
 */
export const wordedText = (catalog: MailCatalog, text: string): string =>
  wordRedactions(text, (kind) => catalog.redacted[kind]);

/** The ticket's facts with its subject in the reader's language. */
const worded = <T extends TicketFacts>(catalog: MailCatalog, ticket: T): T => ({
  ...ticket,
  subject: wordedText(catalog, ticket.subject),
});

/** A paragraph of plain text in HTML: escaped, its line breaks kept. */
const paragraph = (text: string): string =>
  `<p style="margin:0 0 16px">${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>`;

/** The subject line every e-mail about a ticket starts with, so that the reader and our inbox can tell which. */
export const ticketSubject = (code: string, subject: string, tag?: string): string =>
  `[${code}] ${tag ? `${tag}: ` : ''}${subject}`;

/** A complete, simple HTML document: one column, system fonts, no images, no scripts. */
function htmlDocument(catalog: MailCatalog, title: string, body: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(catalog.tag)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f7f7f8;color:#1a202c;font:15px/1.55 -apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
${body}
</div>
</body>
</html>
`;
}

/**
 * The line every customer e-mail starts with when the customer has an anti-phishing code: the code as they chose it,
 * so that they can tell our e-mails from phishing (docs/decisions/096-anti-phishing-code.md). Nothing without a code.
 */
function customerHeader(catalog: MailCatalog, antiPhishingCode: string | undefined) {
  if (!antiPhishingCode) return { text: '', html: '' };
  const line = catalog.safety.antiPhishingCode(antiPhishingCode);
  return {
    text: `${line}\n\n`,
    html: `<p style="margin:0 0 16px;padding:8px 12px;border-left:4px solid #2b6cb0;background:#ebf4ff;font-weight:600">${escapeHtml(line)}</p>\n`,
  };
}

/**
 * The lines under every customer e-mail: the closing, who we are, how to answer, the ticket's reference, and last the
 * reminder that support never asks for passwords, 2FA codes, private keys or seed phrases (always, with or without a
 * code; docs/decisions/096-anti-phishing-code.md).
 */
function customerFooter(catalog: MailCatalog, code: string) {
  const signature = `${catalog.closing}\n${PRODUCT_NAME}`;
  const hint = `${catalog.replyHint}\n${catalog.ticketReference(code)}`;
  const neverAsks = catalog.safety.neverAsks;
  return {
    text: `${signature}\n\n--\n${hint}\n\n${neverAsks}\n`,
    html: `${paragraph(signature)}<hr style="border:0;border-top:1px solid #e2e8f0;margin:24px 0 12px"><p style="margin:0;color:#718096;font-size:13px">${escapeHtml(catalog.replyHint)}<br>${escapeHtml(catalog.ticketReference(code))}</p><p style="margin:12px 0 0;color:#718096;font-size:13px">${escapeHtml(neverAsks)}</p>`,
  };
}

/** The acknowledgement a customer gets when their ticket is opened: subject `[<code>] <subject>`. */
export function acknowledgementMail(catalog: MailCatalog, facts: TicketFacts): RenderedMail {
  const ticket = worded(catalog, facts);
  const words = catalog.acknowledgement;
  const lines = [catalog.greeting, words.thanks(PRODUCT_NAME), words.opened(ticket.code, ticket.subject), words.next];
  const header = customerHeader(catalog, facts.antiPhishingCode);
  const footer = customerFooter(catalog, ticket.code);
  const subject = ticketSubject(ticket.code, ticket.subject);
  return {
    subject,
    text: `${header.text}${lines.join('\n\n')}\n\n${footer.text}`,
    html: htmlDocument(catalog, subject, `${header.html}${lines.map(paragraph).join('\n')}\n${footer.html}`),
    language: catalog.tag,
  };
}

/**
 * The answer to a customer's reply whose files were over the size limit: the message joined the ticket, these files
 * (by name) did not, the limit, and how to send them again (docs/decisions/094-attachments.md).
 */
export function attachmentRefusedMail(
  catalog: MailCatalog,
  facts: TicketFacts,
  refused: { filenames: readonly string[]; maxMb: number },
): RenderedMail {
  const ticket = worded(catalog, facts);
  const words = catalog.attachmentRefused;
  const count = refused.filenames.length;
  const list = refused.filenames.map((name) => `• ${name}`).join('\n');
  const before = [catalog.greeting, words.received(ticket.code), words.tooLarge(count, refused.maxMb)];
  const after = words.advice(count);
  const header = customerHeader(catalog, facts.antiPhishingCode);
  const footer = customerFooter(catalog, ticket.code);
  const subject = ticketSubject(ticket.code, ticket.subject, words.subjectTag);
  const items = refused.filenames.map((name) => `<li>${escapeHtml(name)}</li>`).join('');
  return {
    subject,
    text: `${header.text}${[...before, list, after].join('\n\n')}\n\n${footer.text}`,
    html: htmlDocument(
      catalog,
      subject,
      `${header.html}${before.map(paragraph).join('\n')}\n<ul style="margin:0 0 16px">${items}</ul>\n${paragraph(after)}\n${footer.html}`,
    ),
    language: catalog.tag,
  };
}

/** A file of a reply as its e-mail lists it: carried in the message, or behind a download link. */
export interface ReplyFile {
  filename: string;
  size: number;
  /** The download link (`/f/<token>`); absent for a file the message carries. */
  url?: string;
}

/** A size as people read it, in the reader's number format: `850 KB`, `12.4 MB`. */
export function fileSize(catalog: MailCatalog, bytes: number): string {
  const kb = bytes / 1024;
  const [value, unit] = kb < 1024 ? [Math.max(1, Math.round(kb)), 'KB'] : [kb / 1024, 'MB'];
  const number = new Intl.NumberFormat(catalog.tag, { maximumFractionDigits: unit === 'MB' ? 1 : 0 }).format(value);
  return `${number} ${unit}`;
}

/** The reply's files: those the message carries, then those behind links (docs/decisions/094-attachments.md). */
function filesSection(catalog: MailCatalog, files: readonly ReplyFile[], validDays: number) {
  const carried = files.filter((file) => !file.url);
  const linked = files.filter((file) => file.url);
  const line = (file: ReplyFile) => `${file.filename} (${fileSize(catalog, file.size)})`;
  const text: string[] = [];
  const html: string[] = [];
  if (carried.length) {
    text.push(`${catalog.files.attached}\n${carried.map((file) => `- ${line(file)}`).join('\n')}`);
    html.push(
      `${paragraph(catalog.files.attached)}<ul style="margin:0 0 16px;padding-left:20px">${carried.map((file) => `<li>${escapeHtml(line(file))}</li>`).join('')}</ul>`,
    );
  }
  if (linked.length) {
    const intro = catalog.files.links(validDays);
    text.push(`${intro}\n${linked.map((file) => `- ${line(file)}\n  ${file.url}`).join('\n')}`);
    html.push(
      `${paragraph(intro)}<ul style="margin:0 0 16px;padding-left:20px">${linked
        .map(
          (file) =>
            `<li><a href="${escapeHtml(file.url!)}" style="color:#2b6cb0">${escapeHtml(file.filename)}</a> (${escapeHtml(fileSize(catalog, file.size))})</li>`,
        )
        .join('')}</ul>`,
    );
  }
  return { text: text.map((part) => `${part}\n\n`).join(''), html: html.map((part) => `${part}\n`).join('') };
}

/**
 * A staff member's public reply, signed with their first name, in the customer's language around it; its files
 * listed under it, each carried in the message or behind a download link valid `validDays`.
 */
export function replyMail(
  catalog: MailCatalog,
  facts: TicketFacts,
  reply: { content: string; authorFirstName: string },
  files: { list: readonly ReplyFile[]; validDays: number } = { list: [], validDays: 0 },
): RenderedMail {
  const ticket = worded(catalog, facts);
  const content = wordedText(catalog, reply.content);
  const footer = customerFooter(catalog, ticket.code);
  const signedBy = reply.authorFirstName.trim() || PRODUCT_NAME;
  const subject = `Re: ${ticketSubject(ticket.code, ticket.subject)}`;
  const listed = filesSection(catalog, files.list, files.validDays);
  const header = customerHeader(catalog, facts.antiPhishingCode);
  return {
    subject,
    text: `${header.text}${content}\n\n${signedBy}\n\n${listed.text}${footer.text}`,
    html: htmlDocument(
      catalog,
      subject,
      `${header.html}${paragraph(content)}\n${paragraph(signedBy)}\n${listed.html}${footer.html}`,
    ),
    language: catalog.tag,
  };
}

/** The link of one score on the rating page: the page opens with that score chosen (nothing is recorded by a GET). */
export const scoreLink = (ratingUrl: string, score: number): string => `${ratingUrl}?score=${score}`;

/** The resolution notice: the ticket is resolved, how to reopen it, and the one-click rating. */
export function resolutionMail(
  catalog: MailCatalog,
  facts: TicketFacts,
  rating: { url: string; validDays: number },
): RenderedMail {
  const ticket = worded(catalog, facts);
  const words = catalog.resolution;
  const intro = [catalog.greeting, words.resolved(ticket.code, ticket.subject), words.reopen];
  const scores = Array.from({ length: RATING_SCORES.max - RATING_SCORES.min + 1 }, (_, i) => RATING_SCORES.min + i);
  const footer = customerFooter(catalog, ticket.code);
  const subject = ticketSubject(ticket.code, ticket.subject, words.subjectTag);
  const text = [...intro, `${words.question}\n${words.call}\n${rating.url}`, words.linkTerms(rating.validDays)].join(
    '\n\n',
  );
  const buttons = scores
    .map(
      (score) =>
        `<a href="${escapeHtml(scoreLink(rating.url, score))}" style="display:inline-block;margin:0 6px 8px 0;padding:8px 12px;border:1px solid #3182ce;border-radius:6px;color:#2b6cb0;text-decoration:none">${score} · ${escapeHtml(catalog.scores[score - 1]!)}</a>`,
    )
    .join('');
  const header = customerHeader(catalog, facts.antiPhishingCode);
  const html = [
    ...intro.map(paragraph),
    paragraph(`${words.question} ${words.call}`),
    `<p style="margin:0 0 16px">${buttons}</p>`,
    `<p style="margin:0 0 16px;color:#718096;font-size:13px">${escapeHtml(words.linkTerms(rating.validDays))}</p>`,
  ].join('\n');
  return {
    subject,
    text: `${header.text}${text}\n\n${footer.text}`,
    html: htmlDocument(catalog, subject, `${header.html}${html}\n${footer.html}`),
    language: catalog.tag,
  };
}

/** What a staff notification e-mail says about its ticket. */
export interface NotificationFacts extends TicketFacts {
  alarmType: TicketAlarmMessage['alarmType'];
  priority: Priority;
  status: TicketStatus;
  customerEmail: string;
  /** Where the ticket opens in the web app. */
  ticketUrl: string;
}

/** A staff member's e-mail for an alarm they get (their settings chose it), in the language of their settings. */
export function notificationMail(catalog: MailCatalog, ticket: NotificationFacts): RenderedMail {
  const facts = worded(catalog, ticket);
  const words = catalog.notification;
  const title = words.titles[facts.alarmType];
  const lines = [
    words.ticketLine(facts.code, facts.subject, catalog.priorities[facts.priority]),
    words.status(catalog.statuses[facts.status]),
    words.customer(facts.customerEmail),
  ];
  const subject = ticketSubject(facts.code, facts.subject, title);
  const text = `${title}\n\n${lines.join('\n')}\n\n${words.open}: ${facts.ticketUrl}\n\n--\n${PRODUCT_NAME}\n${words.why}\n`;
  const html = htmlDocument(
    catalog,
    subject,
    [
      `<h1 style="margin:0 0 16px;font-size:18px">${escapeHtml(title)}</h1>`,
      paragraph(lines.join('\n')),
      `<p style="margin:0 0 16px"><a href="${escapeHtml(facts.ticketUrl)}" style="display:inline-block;padding:8px 14px;border-radius:6px;background:#2b6cb0;color:#ffffff;text-decoration:none">${escapeHtml(words.open)}</a></p>`,
      `<hr style="border:0;border-top:1px solid #e2e8f0;margin:24px 0 12px"><p style="margin:0;color:#718096;font-size:13px">${escapeHtml(PRODUCT_NAME)}<br>${escapeHtml(words.why)}</p>`,
    ].join('\n'),
  );
  return { subject, text, html, language: catalog.tag };
}
