/**
 * Four-eyes approval (docs/decisions/095-four-eyes-approval.md): with two or more active admins, the actions that could
 * take over the desk wait for a second admin. Shared by the API and the Pending Approvals screen.
 */
import * as z from 'zod';
import { issueText } from '../i18n/messages.ts';
import { auditActorSchema } from './audit.ts';
import { identifier, text } from './text.ts';

/** Every action that waits for a second admin, by name. */
export const APPROVAL_KINDS = [
  'makeAdmin',
  'createAdmin',
  'resetPassword',
  'resetMfa',
  'createApiKey',
  'createWebhook',
  'changeWebhookTarget',
  'lowerSecurity',
  'removeAttachment',
] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

/** `expired`: still pending when its 24 hours ran out; it can no longer be approved. */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_LIMITS = {
  /** How long a request waits for a second admin. */
  ttlMs: 24 * 60 * 60 * 1000,
  /** How long a decided or expired request stays listed (then the table's TTL removes it). */
  keptMs: 7 * 24 * 60 * 60 * 1000,
  reasonMax: 500,
  /** Decided requests `GET /api/approvals` lists after the pending ones. */
  recent: 20,
} as const;

/** The answer of a held action: HTTP 202, nothing done yet. */
export const approvalRequestedSchema = z.object({ approvalId: z.string(), status: z.literal('pending') });
export type ApprovalRequested = z.infer<typeof approvalRequestedSchema>;

/** One request as `GET /api/approvals` lists it (never a password or a secret). */
export const approvalSchema = z.object({
  id: z.string(),
  kind: z.enum(APPROVAL_KINDS),
  status: z.enum(APPROVAL_STATUSES),
  requestedBy: auditActorSchema,
  /** What the action is done to: a user, an API key or webhook by name, a file, the desk's settings. */
  target: z.object({ type: z.string(), id: z.string(), name: z.string() }),
  /** The action in English words ("Make ada@example.com an admin"); the screen words it from kind and target. */
  summary: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  decidedBy: auditActorSchema.nullable(),
  decidedAt: z.string().nullable(),
  /** Why it was rejected. */
  reason: z.string().nullable(),
  /** The requester may still reveal the new API key's or webhook's secret, once (only they see this true). */
  secretWaiting: z.boolean(),
});
export type Approval = z.infer<typeof approvalSchema>;

export const approvalListSchema = z.object({
  /** Waiting for a decision, oldest first (expired ones included, shown as expired). */
  pending: z.array(approvalSchema),
  /** The last decided ones, newest first. */
  recent: z.array(approvalSchema),
});
export type ApprovalList = z.infer<typeof approvalListSchema>;

export const approvalIdParamsSchema = z.object({ id: identifier('field.approvalId') });

/** `POST /api/approvals/{id}/reject`. */
export const rejectApprovalSchema = z.object({
  reason: text({
    label: 'field.reason',
    max: APPROVAL_LIMITS.reasonMax,
    required: issueText('validation.input.required', { field: 'field.reason' }),
    multiline: true,
  }),
});
