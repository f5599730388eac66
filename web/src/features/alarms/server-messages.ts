/**
 * Reads frames from the alarm socket. The shapes are shared/schemas/alarm.ts; they are checked by hand here so
 * that zod stays out of the signed-in bundle.
 */
import { ALERT_TYPES, PRIORITIES } from '#shared/constants.ts';
import type { ServerMessage } from '#shared/schemas/alarm.ts';
import type { PresenceMessage } from '#shared/schemas/presence.ts';

/** Every frame the socket carries: alarms and change notices, and who else is on a ticket (shared/schemas/presence.ts). */
export type SocketMessage = ServerMessage | PresenceMessage;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

function isAlarmTicket(data: unknown): boolean {
  return (
    isRecord(data) &&
    (data.id === undefined || Number.isInteger(data.id)) &&
    typeof data.ticketId === 'string' &&
    typeof data.subject === 'string' &&
    isOneOf(PRIORITIES, data.priority) &&
    typeof data.customerEmail === 'string'
  );
}

function isAlarmWebhook(data: unknown): boolean {
  return isRecord(data) && typeof data.webhookId === 'string' && typeof data.url === 'string';
}

/** A four-eyes request (docs/decisions/095-four-eyes-approval.md). */
function isAlarmApproval(data: unknown): boolean {
  return (
    isRecord(data) &&
    typeof data.approvalId === 'string' &&
    typeof data.kind === 'string' &&
    typeof data.requestedBy === 'string' &&
    typeof data.target === 'string'
  );
}

/** An insider-risk alarm's person and figures (docs/decisions/097-insider-risk-alerts.md). */
function isAlarmDataAccess(data: unknown): boolean {
  return (
    isRecord(data) &&
    (data.kind === 'customers' || data.kind === 'downloads') &&
    ['userId', 'name', 'email', 'hour'].every((field) => typeof data[field] === 'string') &&
    Number.isInteger(data.count) &&
    Number.isInteger(data.limit)
  );
}

/** Whether an alarm frame's data fits its type. */
function isAlarmAbout(alarmType: unknown, data: unknown): boolean {
  if (alarmType === 'webhook_disabled') return isAlarmWebhook(data);
  if (alarmType === 'data_access_alert') return isAlarmDataAccess(data);
  if (alarmType === 'approval_requested') return isAlarmApproval(data);
  return isAlarmTicket(data);
}

function isViewer(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.userId === 'string' &&
    typeof value.firstName === 'string' &&
    typeof value.lastName === 'string' &&
    (value.state === 'viewing' || value.state === 'replying')
  );
}

/** The frame as a server message, or null when it is not one (bad JSON, unknown shape). */
export function parseServerMessage(frame: unknown): SocketMessage | null {
  if (typeof frame !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(frame);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  if ('alarmType' in value) {
    const about = isAlarmAbout(value.alarmType, value.data);
    const ok =
      isOneOf(ALERT_TYPES, value.alarmType) &&
      about &&
      (value.eventId === undefined || typeof value.eventId === 'string');
    return ok ? (value as ServerMessage) : null;
  }
  if (value.type === 'presence') {
    const ok = Number.isInteger(value.ticketId) && Array.isArray(value.viewers) && value.viewers.every(isViewer);
    return ok ? (value as unknown as PresenceMessage) : null;
  }
  if (value.type === 'tickets_changed' && isRecord(value.data) && Array.isArray(value.data.ids)) {
    return value.data.ids.every((id) => Number.isInteger(id)) ? (value as ServerMessage) : null;
  }
  return null;
}
