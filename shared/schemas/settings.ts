import * as z from 'zod';
import { ALERT_TYPES, LANGUAGES, SOUND_TYPES, THEMES, TIMEZONES } from '../constants.ts';
import { issueText } from '../i18n/messages.ts';
import { MFA_REQUIREMENTS } from './mfa.ts';
import { secretText } from './text.ts';
import { PASSWORD_MAX_LENGTH, passwordSchema } from './user.ts';

const oneOf = <const T extends readonly [string, ...string[]]>(values: T, field: string) =>
  z.enum(values, { error: issueText('validation.oneOf', { field, values: values.join(', ') }) });

const toggle = (field: string) => z.boolean({ error: issueText('validation.boolean', { field }) });

const VOLUME = { min: 0, max: 100 } as const;
const invalidVolume = issueText('validation.volume.invalid', VOLUME);

/** Which notifications a staff member wants (docs/product.md §3 "User settings"). */
export const notificationSettingsSchema = z.object(
  {
    ticketAssigned: toggle('ticketAssigned'),
    ticketCreated: toggle('ticketCreated'),
    ticketStatusChanged: toggle('ticketStatusChanged'),
    emailNotifications: toggle('emailNotifications'),
    soundAlerts: toggle('soundAlerts'),
    desktopNotifications: toggle('desktopNotifications'),
  },
  { error: issueText('validation.notifications.required') },
);

/** How the browser alarm behaves (docs/product.md §3 "Alarm settings", §9 limits). */
export const alarmSettingsSchema = z.object(
  {
    enabled: toggle('enabled'),
    volume: z
      .number({ error: invalidVolume })
      .int(invalidVolume)
      .min(VOLUME.min, invalidVolume)
      .max(VOLUME.max, invalidVolume),
    soundType: oneOf(SOUND_TYPES, 'Sound type'),
    alertTypes: z
      .array(oneOf(ALERT_TYPES, 'Alert type'), { error: issueText('validation.alertTypes.list') })
      .refine((types) => new Set(types).size === types.length, issueText('validation.alertTypes.repeat')),
  },
  { error: issueText('validation.alarmSettings.required') },
);
export type AlarmSettings = z.infer<typeof alarmSettingsSchema>;

/**
 * A staff member's personal settings: `GET /api/user/settings` answers with them and `PUT` replaces them whole.
 * Every field is required on PUT so that what is stored is always a complete, valid object.
 */
export const userSettingsSchema = z.object({
  notifications: notificationSettingsSchema,
  timezone: oneOf(TIMEZONES, 'Timezone'),
  language: oneOf(LANGUAGES, 'Language'),
  theme: oneOf(THEMES, 'Theme'),
  alarmSettings: alarmSettingsSchema,
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/**
 * `POST /api/user/change-password` (docs/product.md §7): `{ currentPassword, newPassword }`. The confirmation is
 * checked by the form and never sent (docs/product.md §5).
 */
const currentPasswordRequired = issueText('validation.password.currentRequired');

export const changePasswordSchema = z.object({
  currentPassword: secretText('field.currentPassword', PASSWORD_MAX_LENGTH, currentPasswordRequired),
  newPassword: passwordSchema('validation.password.tooShortNew'),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/**
 * The bounds of the cap on new tickets opened by e-mail from one sender address in an hour (docs/decisions/082).
 * At least 1: a cap of 0 would close the e-mail channel to new customers altogether.
 */
export const NEW_TICKETS_PER_SENDER = { min: 1, max: 1_000 } as const;
const invalidSenderCap = issueText('validation.deskSettings.newTicketsPerSender', NEW_TICKETS_PER_SENDER);

/** Bounds of the reply guard's allowed link hosts (docs/decisions/099-reply-guard.md). */
export const LINK_HOST_LIMITS = { maxHosts: 100, hostMax: 253 } as const;
/** A DNS name of at least two labels: letters, digits and hyphens (an IDN in its xn-- form). */
const LINK_HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
const invalidLinkHost = issueText('validation.deskSettings.linkHost');
const invalidLinkHosts = issueText('validation.deskSettings.linkHosts', LINK_HOST_LIMITS);

/**
 * The bounds of the insider-risk thresholds (docs/decisions/097-insider-risk-alerts.md): what one staff member may open
 * or download in a clock hour before the admins are alarmed. At least 1; at most what no person reads by hand.
 */
export const INSIDER_RISK_LIMITS = { min: 1, max: 100_000 } as const;
const invalidCustomersLimit = issueText('validation.deskSettings.maxCustomersPerHour', INSIDER_RISK_LIMITS);
const invalidDownloadsLimit = issueText('validation.deskSettings.maxDownloadsPerHour', INSIDER_RISK_LIMITS);
const accessLimit = (message: string) =>
  z.number({ error: message }).int(message).min(INSIDER_RISK_LIMITS.min, message).max(INSIDER_RISK_LIMITS.max, message);

/**
 * The desk's own settings, one set for the whole help desk (admins only): `GET /api/desk-settings` answers with them
 * and `PUT` replaces them whole. Grouped by area, so that more settings join as groups of their own.
 */
export const deskSettingsSchema = z.object({
  inboundMail: z.object(
    {
      /** New tickets one sender address may open by e-mail in one clock hour; what is over it is held. */
      newTicketsPerSenderPerHour: z
        .number({ error: invalidSenderCap })
        .int(invalidSenderCap)
        .min(NEW_TICKETS_PER_SENDER.min, invalidSenderCap)
        .max(NEW_TICKETS_PER_SENDER.max, invalidSenderCap),
    },
    { error: issueText('validation.deskSettings.inboundMail') },
  ),
  security: z.object(
    {
      /** Who must sign in with a second factor (docs/decisions/083-staff-two-factor.md). */
      requireMfa: oneOf(MFA_REQUIREMENTS, 'requireMfa'),
    },
    { error: issueText('validation.deskSettings.security') },
  ),
  routing: z.object(
    {
      /** An available agent with no open socket for ROUTING.autoAwayMinutes becomes `away` (docs/decisions/006). */
      autoAway: toggle('autoAway'),
    },
    { error: issueText('validation.deskSettings.routing') },
  ),
  insiderRisk: z.object(
    {
      /** Distinct customers whose tickets one staff member may open in a clock hour before the admins are alarmed. */
      maxCustomersPerHour: accessLimit(invalidCustomersLimit),
      /** Attachment downloads one staff member may make in a clock hour before the admins are alarmed. */
      maxDownloadsPerHour: accessLimit(invalidDownloadsLimit),
    },
    { error: issueText('validation.deskSettings.insiderRisk') },
  ),
  approvals: z.object(
    {
      /**
       * Four-eyes approval (docs/decisions/095-four-eyes-approval.md): with two or more active admins, the actions that
       * could take over the desk wait for a second admin. Without a second admin it has no effect.
       */
      fourEyes: toggle('fourEyes'),
    },
    { error: issueText('validation.deskSettings.approvals') },
  ),
  replies: z.object(
    {
      /**
       * Hosts a public reply may link to (their subdomains too); a reply linking anywhere else is held for compliance
       * (docs/decisions/099-reply-guard.md). The desk's own hosts are always allowed.
       */
      allowedLinkHosts: z
        .array(
          z
            .string({ error: invalidLinkHost })
            .trim()
            .toLowerCase()
            .max(LINK_HOST_LIMITS.hostMax, invalidLinkHost)
            .regex(LINK_HOST, invalidLinkHost),
          { error: invalidLinkHosts },
        )
        .max(LINK_HOST_LIMITS.maxHosts, invalidLinkHosts)
        .refine((hosts) => new Set(hosts).size === hosts.length, invalidLinkHosts),
    },
    { error: issueText('validation.deskSettings.replies') },
  ),
});
export type DeskSettings = z.infer<typeof deskSettingsSchema>;

/**
 * `PUT /api/desk-settings`: the settings whole, except that a group left out keeps what is stored (so a client that
 * does not know a newer group, such as `security`, cannot reset it by saving another).
 */
export const deskSettingsInputSchema = deskSettingsSchema.partial({
  security: true,
  insiderRisk: true,
  approvals: true,
  replies: true,
});
export type DeskSettingsInput = z.infer<typeof deskSettingsInputSchema>;
