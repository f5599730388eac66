import * as z from 'zod';
import { ALERT_TYPES, NON_TICKET_ALERTS } from '../constants.ts';
import { prioritySchema } from './ticket.ts';

/**
 * What the server pushes down the alarm socket (docs/product.md §7 "WebSocket"). The SPA imports only the types, so that
 * zod stays out of its signed-in bundle; web/src/features/alarms/server-messages.ts checks incoming frames by hand.
 */

export const alertTypeSchema = z.enum(ALERT_TYPES);

/** The ticket an alarm is about (docs/product.md §3 "Alarm message"), plus its numeric id so that the SPA can open it. */
export const alarmTicketSchema = z.object({
  /** Absent only on the Settings page's test alarm, which is about no real ticket. */
  id: z.number().int().optional(),
  /** The display code, e.g. `TKT-000042`. */
  ticketId: z.string(),
  subject: z.string(),
  priority: prioritySchema,
  customerEmail: z.string(),
});

/**
 * An alarm. `eventId` names the table change that raised it; a change raises at most one alarm per person, and a
 * retried delivery carries the same id, so a client drops any frame whose id it has seen (docs/decisions/020).
 */
export const ticketAlarmMessageSchema = z.object({
  alarmType: alertTypeSchema.exclude([...NON_TICKET_ALERTS]),
  data: alarmTicketSchema,
  eventId: z.string().optional(),
});
export type TicketAlarmMessage = z.infer<typeof ticketAlarmMessageSchema>;

/** The webhook an admin alarm is about: it was disabled after failing for the whole retry window (ADR 052). */
export const alarmWebhookSchema = z.object({ webhookId: z.string(), url: z.string() });
export type AlarmWebhook = z.infer<typeof alarmWebhookSchema>;

export const webhookAlarmMessageSchema = z.object({
  alarmType: z.literal('webhook_disabled'),
  data: alarmWebhookSchema,
  eventId: z.string().optional(),
});

/**
 * The person an insider-risk alarm is about, and the figures (docs/decisions/097-insider-risk-alerts.md): the distinct
 * customers whose tickets they opened, or the files they downloaded, in the clock hour from `hour`, past `limit`.
 */
export const alarmDataAccessSchema = z.object({
  kind: z.enum(['customers', 'downloads']),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  count: z.number().int(),
  limit: z.number().int(),
  hour: z.string(),
});
export type AlarmDataAccess = z.infer<typeof alarmDataAccessSchema>;

export const dataAccessAlarmMessageSchema = z.object({
  alarmType: z.literal('data_access_alert'),
  data: alarmDataAccessSchema,
  eventId: z.string().optional(),
});

/** The request an admin alarm is about: a guarded action waits for a second admin (docs/decisions/095). */
export const alarmApprovalSchema = z.object({
  approvalId: z.string(),
  kind: z.string(),
  /** Who asked, as the audit log names them. */
  requestedBy: z.string(),
  /** What the request is done to (a user's e-mail, a key's name, a file), for the screen's own words. */
  target: z.string(),
});

export const approvalAlarmMessageSchema = z.object({
  alarmType: z.literal('approval_requested'),
  data: alarmApprovalSchema,
  eventId: z.string().optional(),
});

export const alarmMessageSchema = z.union([
  ticketAlarmMessageSchema,
  webhookAlarmMessageSchema,
  dataAccessAlarmMessageSchema,
  approvalAlarmMessageSchema,
]);
export type AlarmMessage = z.infer<typeof alarmMessageSchema>;

/** Not an alarm: tickets changed, so lists and dashboard figures on screen are out of date. */
export const ticketsChangedMessageSchema = z.object({
  type: z.literal('tickets_changed'),
  data: z.object({ ids: z.array(z.number().int()) }),
});
export type TicketsChangedMessage = z.infer<typeof ticketsChangedMessageSchema>;

export const serverMessageSchema = z.union([alarmMessageSchema, ticketsChangedMessageSchema]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
