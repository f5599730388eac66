/**
 * Insider risk (docs/decisions/097-insider-risk-alerts.md): every ticket a staff member opens is in the audit log
 * (`ticket_viewed`, kept 400 days), and each person's hour is counted: the distinct customers whose tickets they
 * opened, and the attachment download links they were given. The first time a count passes the desk's threshold in an
 * hour, one `data_access_alert` entry names the person and the figures; the notifier alarms every admin from its
 * stream record. API keys and trusted code are not people and are not counted.
 *
 * A view costs two writes (its entry, its counter), and one transaction more once the hour is past the threshold.
 */
import type { User } from '#shared/schemas/user.ts';
import { type AccessKind, countCustomerOpened, countDownload, recordAccessAlert } from '../../data/access.ts';
import { recordAudit } from '../../data/audit.ts';
import { recentDeskSettings } from '../../data/settings.ts';
import { rateWindow } from '../../domain/api-keys.ts';
import { auditUser, clientAddressOf } from '../../domain/audit.ts';
import type { Caller } from '../../domain/caller.ts';
import type { TicketRecord } from '../../domain/tickets.ts';

const HOUR_SECONDS = 3_600;
const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a `ticket_viewed` entry is kept: long enough to look back over a year and its audits. */
export const TICKET_VIEW_RETENTION_DAYS = 400;

/** The figures of one alert: what the stream record carries to the alarm (shared/schemas/alarm.ts). */
export interface AccessAlertFacts {
  kind: AccessKind;
  userId: string;
  name: string;
  email: string;
  count: number;
  limit: number;
  /** The clock hour's start, ISO. */
  hour: string;
}

/** The alert's figures in the log, as `describeChanges` words a change: the kind, its count → the limit, the hour. */
const alertDetails = (facts: AccessAlertFacts) => `${facts.kind}: ${facts.count} > ${facts.limit}; ${facts.hour}`;

/** Writes the alert of a count past its limit, once per person, hour and kind. */
async function alertOnce(
  caller: Caller,
  user: User,
  window: ReturnType<typeof rateWindow>,
  kind: AccessKind,
  count: number,
  limit: number,
  now: Date,
): Promise<void> {
  if (count <= limit) return;
  const person = auditUser(user);
  const facts: AccessAlertFacts = {
    kind,
    userId: user.id,
    name: person.name,
    email: user.email,
    count,
    limit,
    hour: window.id,
  };
  await recordAccessAlert(user.id, window, kind, {
    action: 'data_access_alert',
    actor: person,
    target: { type: 'user', id: user.id, name: person.name },
    details: alertDetails(facts),
    clientAddress: clientAddressOf(caller),
    at: now,
    facts: { ...facts },
  });
}

/** noteTicketView: a staff member opened a ticket; recorded and counted (keys and trusted code are not). */
export async function noteTicketView(caller: Caller, ticket: TicketRecord, now = new Date()): Promise<void> {
  if (caller.kind !== 'staff') return;
  const { user } = caller;
  const window = rateWindow(now, HOUR_SECONDS);
  const [, customers, settings] = await Promise.all([
    recordAudit({
      action: 'ticket_viewed',
      actor: auditUser(user),
      target: { type: 'ticket', id: String(ticket.id), name: ticket.ticketId },
      details: `Customer: ${ticket.customerEmail}`,
      clientAddress: clientAddressOf(caller),
      at: now,
      expiresAt: new Date(now.getTime() + TICKET_VIEW_RETENTION_DAYS * DAY_MS),
    }),
    countCustomerOpened(user.id, window, ticket.customerEmail),
    recentDeskSettings(),
  ]);
  await alertOnce(caller, user, window, 'customers', customers, settings.insiderRisk.maxCustomersPerHour, now);
}

/** noteDownload: a staff member was given a file's download link (not a preview); counted. */
export async function noteDownload(caller: Caller, now = new Date()): Promise<void> {
  if (caller.kind !== 'staff') return;
  const window = rateWindow(now, HOUR_SECONDS);
  const [downloads, settings] = await Promise.all([countDownload(caller.user.id, window), recentDeskSettings()]);
  await alertOnce(caller, caller.user, window, 'downloads', downloads, settings.insiderRisk.maxDownloadsPerHour, now);
}
