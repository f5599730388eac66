/**
 * Personal settings and the desk's settings: the defaults of docs/product.md §3 and how stored settings are read over
 * them. No AWS here.
 */
import { ALARM } from '#shared/constants.ts';
import {
  type DeskSettings,
  deskSettingsSchema,
  userSettingsSchema,
  type UserSettings,
} from '#shared/schemas/settings.ts';

/** What a staff member who never saved settings gets (docs/product.md §3 "User settings"). */
export const DEFAULT_USER_SETTINGS: UserSettings = {
  notifications: {
    ticketAssigned: true,
    ticketCreated: true,
    ticketStatusChanged: true,
    emailNotifications: true,
    soundAlerts: true,
    desktopNotifications: true,
  },
  timezone: 'UTC',
  language: 'en',
  theme: 'system',
  alarmSettings: {
    enabled: true,
    volume: ALARM.defaultVolume,
    soundType: 'bell',
    alertTypes: [
      'ticket_assigned',
      'ticket_created',
      'high_priority',
      'ticket_status_changed',
      'customer_reply',
      'sla_warning',
      'webhook_disabled',
      'ticket_waiting',
      'attachment_infected',
      'data_access_alert',
      'approval_requested',
    ],
  },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Stored settings read over the defaults, field by field. Anything missing or no longer valid (say, a setting
 * added or a list narrowed after it was saved) falls back to its default instead of failing the read.
 */
export function settingsOverDefaults(stored: unknown): UserSettings {
  const saved = isRecord(stored) ? stored : {};
  const shape = userSettingsSchema.shape;
  const nested = <K extends 'notifications' | 'alarmSettings'>(key: K): UserSettings[K] => {
    const savedGroup = isRecord(saved[key]) ? saved[key] : {};
    const defaults = DEFAULT_USER_SETTINGS[key] as Record<string, unknown>;
    const fieldShapes = shape[key].shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;
    const out: Record<string, unknown> = {};
    for (const [field, fallback] of Object.entries(defaults)) {
      const value = savedGroup[field];
      // Copied so that no caller can change the shared defaults through the answer.
      out[field] = fieldShapes[field]?.safeParse(value).success ? value : structuredClone(fallback);
    }
    return out as UserSettings[K];
  };
  const scalar = <K extends 'timezone' | 'language' | 'theme'>(key: K): UserSettings[K] =>
    shape[key].safeParse(saved[key]).success ? (saved[key] as UserSettings[K]) : DEFAULT_USER_SETTINGS[key];

  return {
    notifications: nested('notifications'),
    timezone: scalar('timezone'),
    language: scalar('language'),
    theme: scalar('theme'),
    alarmSettings: nested('alarmSettings'),
  };
}

/**
 * What the desk has until an admin saves its settings (docs/product.md §3 "Desk settings").
 *
 * Five new tickets per sender per hour: a customer's follow-ups go to their ticket's reply address and are never
 * counted, so five new conversations from one address in one hour is already more than a person writes; it still
 * lets someone report a few separate problems, or send again a message they think was lost. A flood stops there:
 * at most five tickets (and at most three acknowledgements, docs/decisions/082) an hour from one address, the rest
 * held for an admin to release or dismiss.
 */
export const DEFAULT_DESK_SETTINGS: DeskSettings = {
  inboundMail: { newTicketsPerSenderPerHour: 5 },
  security: { requireMfa: 'none' },
  // Off until an admin turns it on: an agent who closes the tab for lunch stays available unless the desk wants it.
  routing: { autoAway: false },
  // Far above a working hour: an agent answers a few dozen customers an hour, and a download is one file a person asked
  // for (docs/decisions/097-insider-risk-alerts.md).
  insiderRisk: { maxCustomersPerHour: 200, maxDownloadsPerHour: 100 },
  // On: it takes effect only once a second admin exists, and then an admin alone cannot mint keys or admins.
  approvals: { fourEyes: true },
  // No outside host until an admin names one: every link but the desk's own is held for compliance (ADR 099).
  replies: { allowedLinkHosts: [] },
};

/** Stored desk settings read over the defaults, group by group: a group missing or no longer valid is the default. */
export function deskSettingsOverDefaults(stored: unknown): DeskSettings {
  const saved = isRecord(stored) ? stored : {};
  const inboundMail = deskSettingsSchema.shape.inboundMail.safeParse(saved.inboundMail);
  const security = deskSettingsSchema.shape.security.safeParse(saved.security);
  const routing = deskSettingsSchema.shape.routing.safeParse(saved.routing);
  const insiderRisk = deskSettingsSchema.shape.insiderRisk.safeParse(saved.insiderRisk);
  const approvals = deskSettingsSchema.shape.approvals.safeParse(saved.approvals);
  const replies = deskSettingsSchema.shape.replies.safeParse(saved.replies);
  return {
    inboundMail: inboundMail.success ? inboundMail.data : { ...DEFAULT_DESK_SETTINGS.inboundMail },
    routing: routing.success ? routing.data : { ...DEFAULT_DESK_SETTINGS.routing },
    security: security.success ? security.data : { ...DEFAULT_DESK_SETTINGS.security },
    insiderRisk: insiderRisk.success ? insiderRisk.data : { ...DEFAULT_DESK_SETTINGS.insiderRisk },
    approvals: approvals.success ? approvals.data : { ...DEFAULT_DESK_SETTINGS.approvals },
    replies: replies.success ? replies.data : { allowedLinkHosts: [...DEFAULT_DESK_SETTINGS.replies.allowedLinkHosts] },
  };
}
