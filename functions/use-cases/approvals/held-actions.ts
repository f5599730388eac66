/**
 * The guarded actions as their routes call them (docs/decisions/095-four-eyes-approval.md): each checks what it can
 * at once (access, the input, that its target exists), then runs the action, or, while four-eyes applies, holds it for
 * a second admin. The actions themselves (staff/, api-keys/, webhooks/, settings/, tickets/attachments.ts) run it when
 * approved (./run-approved.ts).
 */
import type { Role } from '#shared/constants.ts';
import type { ApiKey, CreateApiKeyInput } from '#shared/schemas/api-key.ts';
import type { Attachment } from '#shared/schemas/attachment.ts';
import type { DeskSettings, DeskSettingsInput } from '#shared/schemas/settings.ts';
import type { CreateUserInput, User } from '#shared/schemas/user.ts';
import { type CreateWebhookInput, type Webhook, WEBHOOK_MESSAGES } from '#shared/schemas/webhook.ts';
import { getDeskSettings } from '../../data/settings.ts';
import { getAttachment } from '../../data/tickets/attachments.ts';
import { findUserIdByEmail, getStaffRecord } from '../../data/users.ts';
import { getWebhook } from '../../data/webhooks.ts';
import { lowersSecurity } from '../../domain/approvals.ts';
import type { Caller } from '../../domain/caller.ts';
import {
  API_KEY_ACCESS,
  ATTACHMENT_ACCESS,
  assertAccess,
  SETTINGS_ACCESS,
  STAFF_ACCESS,
  WEBHOOK_ACCESS,
} from '../../domain/permissions.ts';
import { checkWebhookUrl } from '../../domain/webhook-targets.ts';
import { config } from '../../lib/config.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { issueApiKey } from '../api-keys/manage-api-keys.ts';
import { saveDeskSettings } from '../settings/desk-settings.ts';
import { createStaffAccount } from '../staff/create-staff-account.ts';
import { changeStaffRole, resetStaffMfa, resetStaffPassword } from '../staff/manage-staff.ts';
import { removeAttachment } from '../tickets/attachments.ts';
import { changeWebhookTarget, createWebhook } from '../webhooks/manage-webhooks.ts';
import { type HeldOr, holdOrAct } from './hold.ts';

const isSelf = (caller: Caller, id: string) => caller.kind === 'staff' && caller.user.id === id;

async function staffRecord(id: string) {
  const record = await getStaffRecord(id);
  if (!record) throw new NotFoundError('error.staff.notFound');
  return record;
}

/** requestStaffAccount (`POST /api/users`): a new admin waits for a second admin; other roles are created at once. */
export async function requestStaffAccount(caller: Caller, input: CreateUserInput): Promise<HeldOr<User>> {
  assertAccess(caller, STAFF_ACCESS.manage);
  if (input.role !== 'admin') return { done: await createStaffAccount(caller, input) };
  if (await findUserIdByEmail(input.email)) throw new ConflictError('error.staff.duplicateEmail');
  const { password, ...rest } = input;
  return holdOrAct(
    caller,
    () => ({
      kind: 'createAdmin',
      target: { type: 'user', id: input.email, name: input.email },
      summary: `Create the admin ${input.email}`,
      payload: rest,
      password,
    }),
    () => createStaffAccount(caller, input),
  );
}

/** requestRoleChange (`PUT /api/users/{id}/role`): making someone an admin waits for a second admin. */
export async function requestRoleChange(caller: Caller, id: string, role: Role): Promise<HeldOr<User>> {
  assertAccess(caller, STAFF_ACCESS.manage);
  if (role !== 'admin') return { done: await changeStaffRole(caller, id, role) };
  const { user } = await staffRecord(id);
  if (user.role === 'admin') return { done: user };
  return holdOrAct(
    caller,
    () => ({
      kind: 'makeAdmin',
      target: { type: 'user', id, name: user.email },
      summary: `Make ${user.email} an admin`,
      payload: { userId: id },
    }),
    () => changeStaffRole(caller, id, role),
  );
}

/** requestPasswordReset (`PUT /api/users/{id}/password`): another user's new password waits for a second admin. */
export async function requestPasswordReset(caller: Caller, id: string, password: string): Promise<HeldOr<User>> {
  assertAccess(caller, STAFF_ACCESS.manage);
  if (isSelf(caller, id)) return { done: await resetStaffPassword(caller, id, password) };
  const { user } = await staffRecord(id);
  return holdOrAct(
    caller,
    () => ({
      kind: 'resetPassword',
      target: { type: 'user', id, name: user.email },
      summary: `Reset the password of ${user.email}`,
      payload: { userId: id },
      password,
    }),
    () => resetStaffPassword(caller, id, password),
  );
}

/** requestMfaReset (`DELETE /api/users/{id}/mfa`): turning off another user's two-factor sign-in. */
export async function requestMfaReset(caller: Caller, id: string): Promise<HeldOr<User>> {
  assertAccess(caller, STAFF_ACCESS.manage);
  if (isSelf(caller, id)) throw new ConflictError('error.mfa.resetOwn');
  const record = await staffRecord(id);
  if (!record.mfaEnabled) throw new ConflictError('error.mfa.notEnabled');
  return holdOrAct(
    caller,
    () => ({
      kind: 'resetMfa',
      target: { type: 'user', id, name: record.user.email },
      summary: `Turn off two-factor sign-in of ${record.user.email}`,
      payload: { userId: id },
    }),
    () => resetStaffMfa(caller, id),
  );
}

/** requestApiKey (`POST /api/api-keys`). */
export async function requestApiKey(
  caller: Caller,
  input: CreateApiKeyInput,
): Promise<HeldOr<{ apiKey: ApiKey; secret: string }>> {
  assertAccess(caller, API_KEY_ACCESS.manage);
  return holdOrAct(
    caller,
    () => ({
      kind: 'createApiKey',
      target: { type: 'apiKey', id: input.name, name: input.name },
      summary: `Create the API key "${input.name}" (${input.scopes.join(', ')})`,
      payload: { input },
    }),
    () => issueApiKey(caller, input),
  );
}

function checkedUrl(url: string): string {
  const target = checkWebhookUrl(url, { allowLoopback: config().webhookAllowLoopback });
  if (!target.ok) throw new ValidationError(target.message, { url: target.message });
  return target.url.href;
}

/** requestWebhook (`POST /api/webhooks`): the URL is checked at once, the webhook made when approved. */
export async function requestWebhook(
  caller: Caller,
  input: CreateWebhookInput,
): Promise<HeldOr<{ webhook: Webhook; secret: string }>> {
  assertAccess(caller, WEBHOOK_ACCESS.manage);
  const url = checkedUrl(input.url);
  return holdOrAct(
    caller,
    () => ({
      kind: 'createWebhook',
      target: { type: 'webhook', id: url, name: url },
      summary: `Create a webhook to ${url}`,
      payload: { input },
    }),
    () => createWebhook(caller, input),
  );
}

/** requestWebhookTarget (`PATCH /api/webhooks/{id}`): a new URL for a webhook waits for a second admin. */
export async function requestWebhookTarget(caller: Caller, id: string, url: string): Promise<HeldOr<Webhook>> {
  assertAccess(caller, WEBHOOK_ACCESS.manage);
  const href = checkedUrl(url);
  const webhook = await getWebhook(id);
  if (!webhook) throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
  return holdOrAct(
    caller,
    () => ({
      kind: 'changeWebhookTarget',
      target: { type: 'webhook', id, name: webhook.url },
      summary: `Send the webhook to ${webhook.url} to ${href} instead`,
      payload: { webhookId: id, url: href },
    }),
    () => changeWebhookTarget(caller, id, href),
  );
}

/** requestDeskSettings (`PUT /api/desk-settings`): a change that lowers the desk's security waits for a second admin. */
export async function requestDeskSettings(caller: Caller, input: DeskSettingsInput): Promise<HeldOr<DeskSettings>> {
  assertAccess(caller, SETTINGS_ACCESS.desk);
  const before = await getDeskSettings();
  if (!lowersSecurity(before, { ...before, ...input })) return { done: await saveDeskSettings(caller, input) };
  return holdOrAct(
    caller,
    () => ({
      kind: 'lowerSecurity',
      target: { type: 'settings', id: 'desk', name: 'Desk settings' },
      summary: 'Lower the security of the desk settings',
      payload: { input },
    }),
    () => saveDeskSettings(caller, input),
  );
}

/** requestAttachmentRemoval (`DELETE /api/tickets/{id}/attachments/{attachmentId}`). */
export async function requestAttachmentRemoval(
  caller: Caller,
  ticketId: number,
  attachmentId: string,
  reason: string,
): Promise<HeldOr<Attachment>> {
  assertAccess(caller, ATTACHMENT_ACCESS.remove);
  const record = await getAttachment(ticketId, attachmentId);
  if (!record || record.state === 'uploading' || record.state === 'refused')
    throw new NotFoundError('error.attachment.notFound');
  if (record.state === 'removed') throw new NotFoundError('error.attachment.removed');
  return holdOrAct(
    caller,
    () => ({
      kind: 'removeAttachment',
      target: { type: 'attachment', id: `${ticketId}/${attachmentId}`, name: record.filename },
      summary: `Remove the file ${record.filename} of ticket ${ticketId}`,
      payload: { ticketId, attachmentId, reason },
    }),
    () => removeAttachment(caller, ticketId, attachmentId, reason),
  );
}
