/**
 * The Pending Approvals screen's use cases (docs/decisions/095-four-eyes-approval.md): admins list the requests,
 * approve one (which runs its action, once, as its requester with the approver named beside them) or reject it with a
 * reason; the requester reveals a new key's or webhook's secret once.
 */
import type { Approval, ApprovalList } from '#shared/schemas/approval.ts';
import { APPROVAL_LIMITS } from '#shared/schemas/approval.ts';
import type { CreateApiKeyInput } from '#shared/schemas/api-key.ts';
import type { DeskSettingsInput } from '#shared/schemas/settings.ts';
import type { CreateUserInput } from '#shared/schemas/user.ts';
import type { CreateWebhookInput } from '#shared/schemas/webhook.ts';
import {
  type ApprovalRecord,
  approvalDecisionWrite,
  getApproval,
  listPendingApprovals,
  listRecentApprovals,
  notPendingError,
  takeApprovalSecret,
} from '../../data/approvals.ts';
import { recordAudit } from '../../data/audit.ts';
import { getUser } from '../../data/users.ts';
import { approvalStatusAt, assertMayDecide } from '../../domain/approvals.ts';
import { auditActorOf, clientAddressOf } from '../../domain/audit.ts';
import type { Caller } from '../../domain/caller.ts';
import { APPROVAL_ACCESS, staffMember } from '../../domain/permissions.ts';
import { isActiveAdmin } from '../../domain/staff.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { unseal } from '../../lib/secrets.ts';
import { issueApiKey } from '../api-keys/manage-api-keys.ts';
import { saveDeskSettings } from '../settings/desk-settings.ts';
import { createStaffAccount } from '../staff/create-staff-account.ts';
import { changeStaffRole, resetStaffMfa, resetStaffPassword } from '../staff/manage-staff.ts';
import { removeAttachment } from '../tickets/attachments.ts';
import { changeWebhookTarget, createWebhook } from '../webhooks/manage-webhooks.ts';
import type { Approved } from './hold.ts';

const toApproval = (record: ApprovalRecord, viewerId: string, now: Date): Approval => ({
  id: record.id,
  kind: record.kind,
  status: approvalStatusAt(record, now),
  requestedBy: record.requestedBy,
  target: record.target,
  summary: record.summary,
  createdAt: record.createdAt,
  expiresAt: record.deadline,
  decidedBy: record.decidedBy ?? null,
  decidedAt: record.decidedAt ?? null,
  reason: record.reason ?? null,
  secretWaiting: !!record.sealedSecret && record.requestedBy.id === viewerId,
});

/** listApprovals: admins only; the pending requests (oldest first, the expired ones marked) and the last decided. */
export async function listApprovals(caller: Caller, now = new Date()): Promise<ApprovalList> {
  const admin = staffMember(caller, APPROVAL_ACCESS.decide);
  const [pending, recent] = await Promise.all([listPendingApprovals(), listRecentApprovals(APPROVAL_LIMITS.recent)]);
  return {
    pending: pending.map((record) => toApproval(record, admin.id, now)),
    recent: recent.map((record) => toApproval(record, admin.id, now)),
  };
}

/** A request that can still be decided, or the refusal: 404 unknown, 409 decided or expired. */
async function decidable(id: string, now: Date): Promise<ApprovalRecord> {
  const record = await getApproval(id);
  if (!record) throw new NotFoundError('error.approval.notFound');
  const status = approvalStatusAt(record, now);
  if (status === 'expired') throw new ConflictError('error.approval.expired');
  if (status !== 'pending') throw notPendingError();
  return record;
}

const userIdOf = (record: ApprovalRecord) => record.payload.userId as string;

async function passwordOf(record: ApprovalRecord): Promise<string> {
  const sealed = record.payload.sealedPassword;
  const password = typeof sealed === 'string' ? await unseal('approval-secret', sealed) : undefined;
  if (!password) throw new Error(`Approval ${record.id} holds no readable password`);
  return password.toString('utf8');
}

/** Runs an approved request's action as its requester, carrying the request's decision into the action's write. */
async function runApproved(record: ApprovalRecord, requester: Caller, approved: Approved, now: Date): Promise<void> {
  const payload = record.payload;
  switch (record.kind) {
    case 'makeAdmin':
      await changeStaffRole(requester, userIdOf(record), 'admin', now, approved);
      return;
    case 'createAdmin': {
      const { sealedPassword: _sealed, ...input } = payload;
      await createStaffAccount(
        requester,
        { ...(input as Omit<CreateUserInput, 'password'>), password: await passwordOf(record) },
        approved,
      );
      return;
    }
    case 'resetPassword':
      await resetStaffPassword(requester, userIdOf(record), await passwordOf(record), now, approved);
      return;
    case 'resetMfa':
      await resetStaffMfa(requester, userIdOf(record), now, approved);
      return;
    case 'createApiKey':
      await issueApiKey(requester, payload.input as CreateApiKeyInput, now, approved);
      return;
    case 'createWebhook':
      await createWebhook(requester, payload.input as CreateWebhookInput, now, approved);
      return;
    case 'changeWebhookTarget':
      await changeWebhookTarget(requester, payload.webhookId as string, payload.url as string, now, approved);
      return;
    case 'lowerSecurity':
      await saveDeskSettings(requester, payload.input as DeskSettingsInput, now, approved);
      return;
    case 'removeAttachment':
      await removeAttachment(
        requester,
        payload.ticketId as number,
        payload.attachmentId as string,
        payload.reason as string,
        now,
        approved,
      );
      return;
  }
}

/**
 * approveRequest: admins only, never the requester (403); only a pending request within its 24 hours (409). The action
 * runs as its requester, who must still be an active admin, and its write carries the request's pending → approved
 * change: of two approvals at once, one runs it and the other is refused.
 */
export async function approveRequest(caller: Caller, id: string, now = new Date()): Promise<Approval> {
  const approver = staffMember(caller, APPROVAL_ACCESS.decide);
  const record = await getApproval(id);
  if (!record) throw new NotFoundError('error.approval.notFound');
  assertMayDecide(record.requestedBy.id, approver.id);
  await decidable(id, now);
  const requesterUser = await getUser(record.requestedBy.id);
  if (!requesterUser || !isActiveAdmin(requesterUser)) throw new ConflictError('error.approval.requesterNotAdmin');
  const requester: Caller = {
    kind: 'staff',
    user: requesterUser,
    ...(caller.kind === 'staff' && caller.clientAddress ? { clientAddress: caller.clientAddress } : {}),
  };
  const approvedBy = auditActorOf(caller);
  const approved: Approved = {
    approvedBy,
    decision: (sealedSecret) =>
      approvalDecisionWrite(id, { status: 'approved', by: approvedBy, at: now, sealedSecret }, notPendingError),
  };
  await runApproved(record, requester, approved, now);
  return toApproval((await getApproval(id)) ?? record, approver.id, now);
}

/** rejectRequest: admins only (the requester may withdraw their own); a pending request, with the reason, audited. */
export async function rejectRequest(caller: Caller, id: string, reason: string, now = new Date()): Promise<Approval> {
  const admin = staffMember(caller, APPROVAL_ACCESS.decide);
  const record = await decidable(id, now);
  const by = auditActorOf(caller);
  await recordAudit(
    {
      action: 'approval_rejected',
      actor: by,
      target: { type: 'approval', id, name: record.summary },
      details: reason,
      clientAddress: clientAddressOf(caller),
      at: now,
    },
    [approvalDecisionWrite(id, { status: 'rejected', by, at: now, reason }, notPendingError)],
  );
  return toApproval((await getApproval(id)) ?? record, admin.id, now);
}

/** revealApprovalSecret: the requester alone, once: the secret of the API key or webhook their approved request made. */
export async function revealApprovalSecret(caller: Caller, id: string): Promise<{ secret: string }> {
  const admin = staffMember(caller, APPROVAL_ACCESS.decide);
  const record = await getApproval(id);
  if (!record) throw new NotFoundError('error.approval.notFound');
  if (record.requestedBy.id !== admin.id) throw new ForbiddenError('error.approval.secretNotYours');
  const sealed = await takeApprovalSecret(id, admin.id);
  const secret = sealed ? await unseal('approval-secret', sealed) : undefined;
  if (!secret) throw new ConflictError('error.approval.secretGone');
  return { secret: secret.toString('utf8') };
}
