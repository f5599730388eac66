/**
 * The rules of four-eyes approval (docs/decisions/095-four-eyes-approval.md): when an action waits for a second admin,
 * who may decide a request, and when it has expired. No AWS here; functions/use-cases/approvals/ applies them.
 */
import type { DeskSettings } from '#shared/schemas/settings.ts';
import { MFA_REQUIREMENTS } from '#shared/schemas/mfa.ts';
import type { ApprovalStatus } from '#shared/schemas/approval.ts';
import { ForbiddenError } from '../lib/errors.ts';

/** Four-eyes applies while the desk setting is on and there is a second active admin to approve. */
export const fourEyesApplies = (settings: Pick<DeskSettings, 'approvals'>, activeAdmins: number): boolean =>
  settings.approvals.fourEyes && activeAdmins >= 2;

/** Whether a change of the desk's settings lowers its security: a weaker two-factor requirement, or four-eyes off. */
export function lowersSecurity(
  before: Pick<DeskSettings, 'security' | 'approvals'>,
  after: Pick<DeskSettings, 'security' | 'approvals'>,
): boolean {
  const rank = (requirement: DeskSettings['security']['requireMfa']) => MFA_REQUIREMENTS.indexOf(requirement);
  return (
    rank(after.security.requireMfa) < rank(before.security.requireMfa) ||
    (before.approvals.fourEyes && !after.approvals.fourEyes)
  );
}

/** A stored request's status as of `now`: a pending one past its deadline is expired. */
export const approvalStatusAt = (
  record: { status: 'pending' | 'approved' | 'rejected'; deadline: string },
  now: Date,
): ApprovalStatus =>
  record.status === 'pending' && Date.parse(record.deadline) <= now.getTime() ? 'expired' : record.status;

/** The requester never decides their own request: that would be two eyes. */
export function assertMayDecide(requesterId: string, deciderId: string): void {
  if (requesterId === deciderId) throw new ForbiddenError('error.approval.ownRequest');
}
