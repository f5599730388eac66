/**
 * A staff member's own settings, password and two-factor sign-in (docs/product.md §2 "Settings"): these routes act on
 * the caller only (functions/use-cases/settings/own-settings.ts, functions/use-cases/auth/two-factor.ts). And the
 * desk's settings, admins only (functions/use-cases/settings/desk-settings.ts), and the SLA policy, admins only
 * (functions/use-cases/settings/sla-policy.ts).
 */
import { mfaCodeSchema } from '#shared/schemas/mfa.ts';
import { changePasswordSchema, deskSettingsInputSchema, userSettingsSchema } from '#shared/schemas/settings.ts';
import { availabilityInputSchema } from '#shared/schemas/user.ts';
import { slaPolicySchema } from '#shared/schemas/sla.ts';
import { SETTINGS_ACCESS } from '../domain/permissions.ts';
import { COOKIE, sessionCookies } from '../http/cookies.ts';
import { defineRoute } from '../http/handler.ts';
import { groupHandler } from './group-handler.ts';
import { liveAccessToken } from '../use-cases/auth/authenticate.ts';
import { confirmTotpEnrolment, disableTotp, readMfaStatus, startTotpEnrolment } from '../use-cases/auth/two-factor.ts';
import { setOwnAvailability } from '../use-cases/routing/availability.ts';
import { requestDeskSettings } from '../use-cases/approvals/held-actions.ts';
import { readDeskSettings } from '../use-cases/settings/desk-settings.ts';
import { heldAnswer } from './held.ts';
import { readSlaPolicy, saveSlaPolicy } from '../use-cases/settings/sla-policy.ts';
import { changePassword, getOwnSettings, saveOwnSettings } from '../use-cases/settings/own-settings.ts';

export const handler = groupHandler('settings', {
  'GET /api/user/settings': defineRoute({
    access: SETTINGS_ACCESS.own,
    async handle({ caller }) {
      return { body: await getOwnSettings(caller) };
    },
  }),

  'PUT /api/user/settings': defineRoute({
    access: SETTINGS_ACCESS.own,
    body: userSettingsSchema,
    async handle({ caller, body }) {
      return { body: await saveOwnSettings(caller, body) };
    },
  }),

  'POST /api/user/change-password': defineRoute({
    access: SETTINGS_ACCESS.own,
    body: changePasswordSchema,
    async handle({ body, caller, cookies, cookieOptions }) {
      const accessToken = await liveAccessToken({
        accessToken: cookies[COOKIE.access],
        refreshToken: cookies[COOKIE.refresh],
      });
      const { message, tokens } = await changePassword(caller, accessToken, body);
      // This session goes on with the tokens of the new password (the old ones were revoked with the others).
      return { body: { message }, cookies: tokens ? sessionCookies(tokens, cookieOptions) : [] };
    },
  }),

  // The enrolment routes stay open to someone the desk keeps to enrolment (docs/decisions/083-staff-two-factor.md).
  'GET /api/user/mfa': defineRoute({
    access: SETTINGS_ACCESS.own,
    duringMfaEnrolment: true,
    async handle({ caller }) {
      return { body: await readMfaStatus(caller) };
    },
  }),

  'POST /api/user/mfa/totp': defineRoute({
    access: SETTINGS_ACCESS.own,
    duringMfaEnrolment: true,
    async handle({ caller }) {
      return { body: await startTotpEnrolment(caller) };
    },
  }),

  'POST /api/user/mfa/totp/verify': defineRoute({
    access: SETTINGS_ACCESS.own,
    duringMfaEnrolment: true,
    body: mfaCodeSchema,
    async handle({ caller, body }) {
      return { body: await confirmTotpEnrolment(caller, body.code) };
    },
  }),

  'DELETE /api/user/mfa/totp': defineRoute({
    access: SETTINGS_ACCESS.own,
    body: mfaCodeSchema,
    async handle({ caller, body }) {
      await disableTotp(caller, body.code);
      return { status: 204 };
    },
  }),

  'PUT /api/user/availability': defineRoute({
    access: SETTINGS_ACCESS.own,
    body: availabilityInputSchema,
    async handle({ caller, body }) {
      return { body: await setOwnAvailability(caller, body.status) };
    },
  }),

  'GET /api/desk-settings': defineRoute({
    access: SETTINGS_ACCESS.desk,
    async handle({ caller }) {
      return { body: await readDeskSettings(caller) };
    },
  }),

  'PUT /api/desk-settings': defineRoute({
    access: SETTINGS_ACCESS.desk,
    body: deskSettingsInputSchema,
    async handle({ caller, body }) {
      return heldAnswer(await requestDeskSettings(caller, body));
    },
  }),

  'GET /api/sla-policy': defineRoute({
    access: SETTINGS_ACCESS.slaPolicy,
    async handle({ caller }) {
      return { body: await readSlaPolicy(caller) };
    },
  }),

  'PUT /api/sla-policy': defineRoute({
    access: SETTINGS_ACCESS.slaPolicy,
    body: slaPolicySchema,
    async handle({ caller, body }) {
      return { body: await saveSlaPolicy(caller, body) };
    },
  }),
});
