/**
 * The words of every e-mail and of the rating page, one catalog per language (ADR 081: customers read their
 * e-mails in their own language; staff read notifications in the language of their settings). Each catalog is
 * written for the help desk's domain (ticket, status, priority, assignee) in that language, not translated word by
 * word. `render.ts` and `rating-page.ts` put them together; nothing else holds customer-facing text.
 */
import type { Language, Priority, TicketStatus } from '#shared/constants.ts';
import type { RedactionKind } from '#shared/redaction.ts';
import type { TicketAlarmMessage } from '#shared/schemas/alarm.ts';

/** Five labels for the scores 1 (worst) to 5 (best). */
export type ScoreLabels = readonly [string, string, string, string, string];

export interface MailCatalog {
  /** The BCP 47 tag of the language: `<html lang>` and `Content-Language`. */
  tag: string;
  greeting: string;
  closing: string;
  /** What every customer e-mail says under the closing: how to answer. */
  replyHint: string;
  ticketReference: (code: string) => string;
  /** The subject a ticket gets from an e-mail whose own subject is too short to be one. */
  mailFrom: (sender: string) => string;
  acknowledgement: {
    thanks: (product: string) => string;
    opened: (code: string, subject: string) => string;
    next: string;
  };
  resolution: {
    /** A word put before the subject: `[TKT-000042] Resolved: …`. */
    subjectTag: string;
    resolved: (code: string, subject: string) => string;
    reopen: string;
    question: string;
    call: string;
    linkTerms: (days: number) => string;
  };
  /**
   * The answer to a customer's reply that carried a file over the size limit (docs/decisions/094-attachments.md): the
   * message joined the ticket, these files did not, and how to send them.
   */
  attachmentRefused: {
    /** A word put before the subject: `[TKT-000042] File not received: …`. */
    subjectTag: string;
    received: (code: string) => string;
    /** Before the list of the files' names. */
    tooLarge: (count: number, maxMb: number) => string;
    advice: (count: number) => string;
  };
  scores: ScoreLabels;
  ratingPage: {
    title: (product: string) => string;
    heading: string;
    about: (code: string, subject: string) => string;
    legend: string;
    commentLabel: string;
    submit: string;
    thanksHeading: string;
    thanks: string;
    problemHeading: string;
    used: string;
    expired: string;
    invalid: string;
    notRatable: string;
    scoreRequired: string;
    commentTooLong: (max: number) => string;
    /** The comment holds control characters or broken Unicode (the API's input rules). */
    commentInvalid: string;
    unavailable: string;
  };
  /** A reply's files (docs/decisions/094-attachments.md, "Files in e-mail"): in the e-mail, and the `/f/` page. */
  files: {
    /** Above the list of files the e-mail carries. */
    attached: string;
    /** Above the list of download links, when the files are too large to carry. */
    links: (days: number) => string;
    /** What a download link answers when it cannot serve its file. */
    page: {
      title: (product: string) => string;
      heading: string;
      invalid: string;
      expired: string;
      removed: string;
      infected: string;
      pending: string;
    };
  };
  notification: {
    /** Ticket alarms only: e-mail notifications are about a ticket (a webhook alarm reaches the browser alone). */
    titles: Record<TicketAlarmMessage['alarmType'], string>;
    ticketLine: (code: string, subject: string, priority: string) => string;
    customer: (email: string) => string;
    status: (status: string) => string;
    open: string;
    why: string;
  };
  /**
   * What frames every customer e-mail against phishing (docs/decisions/096-anti-phishing-code.md): the first line names
   * the customer's own code, when they have one; the last says what support never asks for.
   */
  safety: {
    antiPhishingCode: (code: string) => string;
    neverAsks: string;
  };
  priorities: Record<Priority, string>;
  statuses: Record<TicketStatus, string>;
  /**
   * What stands where a secret was redacted (docs/decisions/073-redaction.md), word for word the web app's
   * `redaction.marker.*` of the same language (shared/i18n/catalogs.test.ts checks).
   */
  redacted: Record<RedactionKind, string>;
}

/** Every catalog, by language; filled in by ./index.ts. */
export type Catalogs = Record<Language, MailCatalog>;
