/**
 * The answer of a guarded action (docs/decisions/095-four-eyes-approval.md): its own status and body when it ran, or
 * 202 `{approvalId, status: 'pending'}` when it waits for a second admin.
 */
import type { HeldOr } from '../use-cases/approvals/hold.ts';

export const heldAnswer = <T>(result: HeldOr<T>, status = 200): { status: number; body: unknown } =>
  'held' in result ? { status: 202, body: result.held } : { status, body: result.done };
