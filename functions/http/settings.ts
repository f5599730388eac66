/**
 * A staff member's own settings and password (docs/product.md §2 "Settings"). Every route acts on the caller only.
 */
import { ROLES } from '#shared/constants.ts';
import { changePasswordSchema, userSettingsSchema } from '#shared/schemas/settings.ts';
import { getUserSettings, putUserSettings } from '../data/settings.ts';
import { SETTINGS_MESSAGES } from '../domain/settings.ts';
import { COOKIE } from '../lib/cookies.ts';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../lib/errors.ts';
import { defineRoute, httpHandler } from '../lib/http.ts';
import type { Caller } from '../lib/auth.ts';
import { changeOwnPassword, refreshAccessToken, verifyAccessToken } from '../lib/identity.ts';

const STAFF = { roles: ROLES };

/** The signed-in staff member; the route table lets nobody else in, this only narrows the type. */
function staffId(caller: Caller): string {
  if (caller.kind !== 'staff') throw new ForbiddenError('Only signed-in staff have settings');
  return caller.user.id;
}

/**
 * A currently valid access token of the caller. When the cookie's token expired, authentication has just
 * refreshed it for this request, but only into the response's cookies; Cognito needs a live one now.
 */
async function liveAccessToken(cookies: Record<string, string>): Promise<string> {
  const access = cookies[COOKIE.access];
  if (access && (await verifyAccessToken(access)).ok) return access;
  const refresh = cookies[COOKIE.refresh];
  const tokens = refresh ? await refreshAccessToken(refresh) : undefined;
  if (!tokens) throw new UnauthorizedError();
  return tokens.accessToken;
}

export const handler = httpHandler('settings', {
  'GET /api/user/settings': defineRoute({
    access: STAFF,
    async handle({ caller }) {
      return { body: await getUserSettings(staffId(caller)) };
    },
  }),

  'PUT /api/user/settings': defineRoute({
    access: STAFF,
    body: userSettingsSchema,
    async handle({ caller, body }) {
      return { body: await putUserSettings(staffId(caller), body) };
    },
  }),

  'POST /api/user/change-password': defineRoute({
    access: STAFF,
    body: changePasswordSchema,
    async handle({ body, cookies }) {
      const outcome = await changeOwnPassword(await liveAccessToken(cookies), body.currentPassword, body.newPassword);
      if (outcome === 'wrongCurrentPassword') {
        throw new ValidationError(SETTINGS_MESSAGES.wrongCurrentPassword, {
          currentPassword: SETTINGS_MESSAGES.wrongCurrentPassword,
        });
      }
      return { body: { message: SETTINGS_MESSAGES.passwordChanged } };
    },
  }),
});
