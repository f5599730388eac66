/**
 * Holding an action for a second admin (docs/decisions/095-four-eyes-approval.md). The use cases the routes of the
 * guarded actions call ask `holdOrAct`: while four-eyes applies, a staff caller's action becomes a pending request
 * (with its audit entry, in one write) and nothing else happens; otherwise the action runs at once. Trusted code (the
 * seed, the create-admin script) is never held.
 */
import { randomUUID } from 'node:crypto';
import type { ApprovalKind, ApprovalRequested } from '#shared/schemas/approval.ts';
import { APPROVAL_LIMITS } from '#shared/schemas/approval.ts';
import type { AuditActor, AuditTarget } from '#shared/schemas/audit.ts';
import { approvalPut } from '../../data/approvals.ts';
import { recordAudit } from '../../data/audit.ts';
import { getDeskSettings } from '../../data/settings.ts';
import type { GuardedItem } from '../../data/transactions.ts';
import { listActiveAdminIds } from '../../data/users.ts';
import { fourEyesApplies } from '../../domain/approvals.ts';
import { auditActorOf, clientAddressOf } from '../../domain/audit.ts';
import type { Caller } from '../../domain/caller.ts';
import { seal } from '../../lib/secrets.ts';

/** What a held action is, for the request: its kind, what it is done to, its words, and its input. */
export interface HoldRequest {
  kind: ApprovalKind;
  target: AuditTarget;
  summary: string;
  /** The action's input as the approval will run it; never a password (that goes in `password`, sealed). */
  payload: Record<string, unknown>;
  password?: string;
}

/** What an approved action carries into its own write: the approver, and the request's pending → approved write. */
export interface Approved {
  approvedBy: AuditActor;
  /** The decision, for the action's transaction; with the sealed secret the action made for its requester, if any. */
  decision: (sealedSecret?: string) => GuardedItem;
}

/** Either the action's result, or the request that now waits for a second admin. */
export type HeldOr<T> = { done: T } | { held: ApprovalRequested };

/** Whether the desk's actions wait for a second admin now: the setting is on and there are two active admins. */
export async function fourEyesNow(): Promise<boolean> {
  const [settings, admins] = await Promise.all([getDeskSettings(), listActiveAdminIds()]);
  return fourEyesApplies(settings, admins.length);
}

/** holdOrAct: a staff caller's guarded action, held while four-eyes applies; otherwise run at once. */
export async function holdOrAct<T>(
  caller: Caller,
  request: () => HoldRequest | Promise<HoldRequest>,
  act: () => Promise<T>,
  now = new Date(),
): Promise<HeldOr<T>> {
  if (caller.kind !== 'staff' || !(await fourEyesNow())) return { done: await act() };
  return { held: await requestApproval(caller, await request(), now) };
}

/** requestApproval: the pending request and its audit entry, in one write. */
export async function requestApproval(
  caller: Caller,
  request: HoldRequest,
  now = new Date(),
): Promise<ApprovalRequested> {
  const id = randomUUID();
  const createdAt = now.toISOString();
  const payload = request.password
    ? { ...request.payload, sealedPassword: await seal('approval-secret', request.password) }
    : request.payload;
  await recordAudit(
    {
      action: 'approval_requested',
      actor: auditActorOf(caller),
      target: { type: 'approval', id, name: request.summary },
      details: `kind: ${request.kind}`,
      clientAddress: clientAddressOf(caller),
      at: now,
    },
    [
      approvalPut({
        id,
        kind: request.kind,
        status: 'pending',
        requestedBy: auditActorOf(caller),
        target: request.target,
        summary: request.summary,
        payload,
        createdAt,
        deadline: new Date(now.getTime() + APPROVAL_LIMITS.ttlMs).toISOString(),
        decidedBy: null,
        decidedAt: null,
        reason: null,
      }),
    ],
  );
  return { approvalId: id, status: 'pending' };
}
