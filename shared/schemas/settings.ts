import { z } from 'zod';
import { ALERT_TYPES, LANGUAGES, SOUND_TYPES, THEMES, TIMEZONES } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { secretText } from './text.ts';
import { PASSWORD_MAX_LENGTH, passwordSchema } from './user.ts';

const oneOf = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` });

const toggle = (label: string) => z.boolean({ error: `${label} must be true or false` });

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
  { error: 'Notification settings are required' },
);

/** How the browser alarm behaves (docs/product.md §3 "Alarm settings", §9 limits). */
export const alarmSettingsSchema = z.object(
  {
    enabled: toggle('enabled'),
    volume: z
      .number({ error: 'Volume must be a whole number from 0 to 100' })
      .int('Volume must be a whole number from 0 to 100')
      .min(0, 'Volume must be a whole number from 0 to 100')
      .max(100, 'Volume must be a whole number from 0 to 100'),
    soundType: oneOf(SOUND_TYPES, 'Sound type'),
    alertTypes: z
      .array(oneOf(ALERT_TYPES, 'Alert type'), { error: 'Alert types must be a list' })
      .refine((types) => new Set(types).size === types.length, 'Alert types must not repeat'),
  },
  { error: 'Alarm settings are required' },
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
export const changePasswordSchema = z.object({
  currentPassword: secretText('Current password', PASSWORD_MAX_LENGTH, 'Current password is required'),
  newPassword: passwordSchema(MESSAGES.newPasswordMin),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
