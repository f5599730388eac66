/**
 * One attempt at one job of the `mail` kind (docs/decisions/080-mail.md), as the sender (functions/jobs/mail-sender.ts)
 * hands it over after claiming it: write the e-mail in its reader's language, thread it, send it through SES, and
 * record it in the ticket's history. A `staff-alarms` job sends nothing itself: it queues one notification job per
 * person whose settings want the e-mail (each with an id made from the parent's, so a retried parent queues the same
 * jobs and the claims stop repeats).
 */
import { isTicketAlert, PRODUCT_NAME, ROUTING } from '#shared/constants.ts';
import { ticketCode } from '#shared/format.ts';
import { ATTACHMENT_MAX_MB } from '#shared/schemas/attachment.ts';
import { ACKNOWLEDGEMENTS_PER_ADDRESS_PER_HOUR } from '#shared/schemas/mail.ts';
import type { MailNote } from '#shared/schemas/ticket.ts';
import { getAntiPhishingCode } from '../../data/customers.ts';
import { takeAcknowledgementPlace } from '../../data/mail-limits.ts';
import { getAddressStatus, recordMailHistory } from '../../data/mail.ts';
import { getUserSettings } from '../../data/settings.ts';
import { getTicket } from '../../data/tickets/item.ts';
import { hasOpenSocket } from '../../data/connections.ts';
import { takeNotificationWindow } from '../../data/notification-windows.ts';
import { listStaffRecords } from '../../data/users.ts';
import { alarmCandidates, chooseAlarmEmail } from '../../domain/alarms.ts';
import { MAIL_KIND, type MailPayload } from '../../domain/mail-jobs.ts';
import { mailLimitWindow } from '../../domain/mail-limits.ts';
import { type Job, jobId } from '../../domain/outbound.ts';
import type { TicketRecord } from '../../domain/tickets.ts';
import { settleWithConcurrency } from '../../lib/concurrency.ts';
import { mailConfig } from '../../lib/config.ts';
import { composeMail, isPermanentSendError, type OutgoingMail, sendRawMail } from '../../lib/mail.ts';
import { logger } from '../../lib/logger.ts';
import { recordMetrics } from '../../lib/metrics.ts';
import { DeliveryFailure } from '../../outbound/sender.ts';
import { enqueue } from '../../outbound/queue.ts';
import { catalogFor } from '../../mail/templates/index.ts';
import {
  acknowledgementMail,
  attachmentRefusedMail,
  notificationMail,
  type RenderedMail,
  replyMail,
  resolutionMail,
} from '../../mail/templates/render.ts';
import { replyFiles } from './reply-files.ts';
import { FILE_LINK_DAYS, RATING_LINK_DAYS, ratingToken, replyToken } from './tokens.ts';

/** Settings read at once while a change's notifications are worked out. */
const READ_CONCURRENCY = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The history's name for the help desk's mail channel. */
const MAIL_ACTOR = { type: 'system', id: 'mail', name: 'Help desk' } as const;

type Payload<T extends MailPayload['type']> = Extract<MailPayload, { type: T }>;

const senderAddress = () => `support@${mailConfig().domain}`;
const sender = () => ({ name: PRODUCT_NAME, address: senderAddress() });

/**
 * The Message-ID every e-mail about a ticket refers to: the customer's own first message for an e-mail ticket, else
 * the acknowledgement's (which is sent under this id).
 */
const threadRoot = (ticket: TicketRecord) => ticket.sourceMessageId ?? `<ticket-${ticket.id}@${mailConfig().domain}>`;

/** A job's own Message-ID: the same on every attempt, so a receiver can drop a repeat. */
const messageIdOf = (job: Job) => `<${job.id}@${mailConfig().domain}>`;

/** Sends a composed message; SES refusing it for good parks the job at once instead of retrying. */
async function send(mail: OutgoingMail, signal: AbortSignal): Promise<string> {
  const raw = await composeMail(mail);
  try {
    const sesId = await sendRawMail(raw, { from: mail.from.address, to: mail.to }, signal);
    recordMetrics({ MailsSent: 1 });
    return sesId;
  } catch (error) {
    if (isPermanentSendError(error)) {
      throw new DeliveryFailure(`SES refused the message: ${(error as Error).message}`, { permanent: true });
    }
    throw error;
  }
}

/** The history entry of an e-mail sent; a failure to write it is logged, never a reason to send the e-mail again. */
async function recordSent(ticketId: number, job: Job, note: MailNote): Promise<void> {
  try {
    await recordMailHistory(ticketId, `mail-${job.id}`, {
      at: new Date().toISOString(),
      actor: MAIL_ACTOR,
      action: 'emailed',
      changes: [],
      mail: note,
    });
  } catch (error) {
    logger.warn('E-mail sent, but its history entry was not written', {
      error: error as Error,
      ticketId,
      jobId: job.id,
    });
  }
}

/** Whether an address belongs to the help desk itself: mail to it would come straight back in. */
const isOwnAddress = (email: string) => email.toLowerCase().endsWith(`@${mailConfig().domain}`);

/** What a customer e-mail says, in the ticket's customer language, and the files it carries. */
async function customerMail(
  job: Job<MailPayload>,
  ticket: TicketRecord,
): Promise<{
  rendered: RenderedMail;
  autoSubmitted?: OutgoingMail['autoSubmitted'];
  attachments?: OutgoingMail['attachments'];
}> {
  const catalog = catalogFor(ticket.customerLanguage);
  // Read at send time, so that a code set or cleared after the change that queued the e-mail is the one it carries
  // (docs/decisions/096-anti-phishing-code.md).
  const antiPhishingCode = await getAntiPhishingCode(ticket.customerEmail);
  const facts = { code: ticket.ticketId, subject: ticket.subject, antiPhishingCode };
  const payload = job.payload;
  switch (payload.type) {
    case 'acknowledgement':
      return { rendered: acknowledgementMail(catalog, facts), autoSubmitted: 'auto-replied' };
    case 'reply': {
      const files = payload.attachmentIds?.length
        ? await replyFiles(ticket.id, payload.attachmentIds, job.startedAt)
        : { list: [], attachments: [] };
      return {
        rendered: replyMail(catalog, facts, payload, { list: files.list, validDays: FILE_LINK_DAYS }),
        attachments: files.attachments,
      };
    }
    case 'attachmentRefused':
      return {
        rendered: attachmentRefusedMail(catalog, facts, { filenames: payload.filenames, maxMb: ATTACHMENT_MAX_MB }),
        autoSubmitted: 'auto-replied',
      };
    case 'resolution': {
      const expiresAt = new Date(Date.parse(job.startedAt) + RATING_LINK_DAYS * DAY_MS);
      const token = await ratingToken({ ticketId: ticket.id, nonce: job.id.slice(0, 16), expiresAt });
      const url = `${mailConfig().publicBaseUrl}/r/${token}`;
      return {
        rendered: resolutionMail(catalog, facts, { url, validDays: RATING_LINK_DAYS }),
        autoSubmitted: 'auto-generated',
      };
    }
    default:
      throw new Error(`${payload.type} is not a customer e-mail`);
  }
}

/** What an attempt did; `dropped`: nothing was sent and nothing is owed (recorded as done, functions/outbound/sender.ts). */
type Delivered = { detail: string; dropped?: boolean };

/**
 * An e-mail to the ticket's customer: acknowledgement, public reply, the answer about files over the size limit, or
 * resolution notice. An acknowledgement past the
 * address's hourly limit (docs/decisions/082) is dropped: done without sending, never parked or retried.
 */
async function deliverToCustomer(
  job: Job<Payload<'acknowledgement' | 'reply' | 'attachmentRefused' | 'resolution'>>,
  signal: AbortSignal,
): Promise<Delivered> {
  const ticket = await getTicket(job.payload.ticketId);
  if (!ticket) throw new DeliveryFailure(`Ticket ${job.payload.ticketId} does not exist`, { permanent: true });
  const to = ticket.customerEmail;
  if (isOwnAddress(to)) return { detail: `Not sent: ${to} is one of the help desk's own addresses` };
  const status = await getAddressStatus(to);
  if (status) return { detail: `Not sent: ${to} is undeliverable (${status.reason} on ${status.at})` };
  const cap = ACKNOWLEDGEMENTS_PER_ADDRESS_PER_HOUR;
  if (
    job.payload.type === 'acknowledgement' &&
    !(await takeAcknowledgementPlace(to, mailLimitWindow(new Date()), job.id, cap))
  ) {
    return { detail: `Not sent: ${to} was sent ${cap} acknowledgements this hour`, dropped: true };
  }

  const { rendered, autoSubmitted, attachments } = await customerMail(job, ticket);
  const root = threadRoot(ticket);
  // The acknowledgement of a ticket filed by staff or an upstream system starts the thread under the root's id.
  const startsThread = job.payload.type === 'acknowledgement' && !ticket.sourceMessageId;
  const sesId = await send(
    {
      from: sender(),
      to,
      replyTo: `reply+${await replyToken(ticket.id)}@${mailConfig().domain}`,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      language: rendered.language,
      messageId: startsThread ? root : messageIdOf(job),
      ...(startsThread ? {} : { inReplyTo: root, references: [root] }),
      autoSubmitted,
      attachments,
    },
    signal,
  );
  await recordSent(ticket.id, job, { direction: 'sent', kind: job.payload.type, address: to });
  return { detail: `Sent to ${to} (SES ${sesId})` };
}

/** The ticket's page in the web app, for the person's role (the app's routes start with the role). */
const ticketUrl = (role: string, ticketId: number) =>
  `${mailConfig().publicBaseUrl}/${role}/tickets/${ticketCode(ticketId)}`;

/** One staff member's notification e-mail, in the language of their settings. */
async function deliverNotification(
  job: Job<Payload<'notification'>>,
  signal: AbortSignal,
): Promise<{ detail: string }> {
  const { payload } = job;
  const rendered = notificationMail(catalogFor(payload.language), {
    ...payload.ticket,
    alarmType: payload.alarmType,
    ticketUrl: ticketUrl(payload.role, payload.ticketId),
  });
  const sesId = await send(
    {
      from: sender(),
      to: payload.email,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      language: rendered.language,
      messageId: messageIdOf(job),
      autoSubmitted: 'auto-generated',
    },
    signal,
  );
  await recordSent(payload.ticketId, job, { direction: 'sent', kind: 'notification', address: payload.email });
  return { detail: `Sent ${payload.alarmType} to ${payload.email} (SES ${sesId})` };
}

/**
 * The alarms of one change, turned into notification jobs: every active person the alarms are meant for, the alarm
 * their settings choose (the browser alarm's own choice), and only those whose e-mail notifications are on, who have
 * no socket open (someone with the desk open has the browser alarm) and who were not e-mailed about this ticket in
 * the last ROUTING.emailWindowMinutes (later alarms fold into that e-mail; docs/decisions/006).
 */
async function fanOutNotifications(job: Job<Payload<'staff-alarms'>>): Promise<{ detail: string }> {
  const { payload } = job;
  const everyone = await listStaffRecords();
  const candidates = alarmCandidates(payload.alarms, everyone);
  const staff = new Map(everyone.map(({ user }) => [user.id, user]));
  const chosen = await settleWithConcurrency([...candidates], READ_CONCURRENCY, async ([userId, types]) => {
    if (await hasOpenSocket(userId)) return undefined;
    const settings = await getUserSettings(userId);
    const alarmType = chooseAlarmEmail(types, settings);
    const user = staff.get(userId);
    if (!alarmType || !isTicketAlert(alarmType) || !user) return undefined;
    const id = jobId(MAIL_KIND, job.id, `staff:${userId}`);
    const windowMs = ROUTING.emailWindowMinutes * 60_000;
    if (!(await takeNotificationWindow(userId, payload.ticketId, id, windowMs))) return undefined;
    const child: Job<MailPayload> = {
      id,
      kind: MAIL_KIND,
      attempt: 1,
      round: 0,
      startedAt: new Date().toISOString(),
      payload: {
        type: 'notification',
        ticketId: payload.ticketId,
        ticket: payload.ticket,
        alarmType,
        userId,
        email: user.email,
        role: user.role,
        language: settings.language,
      },
    };
    return child;
  });
  const failed = chosen.filter((result) => result.status === 'rejected');
  if (failed.length) throw new Error(`${failed.length} staff settings could not be read`);
  const jobs = chosen.flatMap((result) => (result.status === 'fulfilled' && result.value ? [result.value] : []));
  if (jobs.length) await enqueue(MAIL_KIND, jobs);
  return { detail: `${jobs.length} notification e-mail(s) queued of ${candidates.size} people alarmed` };
}

/** deliverMail: one attempt at a mail job; resolves with what was done, throws when it failed. */
export function deliverMail(job: Job<MailPayload>, signal: AbortSignal): Promise<Delivered> {
  switch (job.payload.type) {
    case 'staff-alarms':
      return fanOutNotifications(job as Job<Payload<'staff-alarms'>>);
    case 'notification':
      return deliverNotification(job as Job<Payload<'notification'>>, signal);
    default:
      return deliverToCustomer(
        job as Job<Payload<'acknowledgement' | 'reply' | 'attachmentRefused' | 'resolution'>>,
        signal,
      );
  }
}
