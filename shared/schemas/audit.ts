/**
 * The audit log (docs/product.md §2 "Audit", §7 `GET /api/audit`): every administrative action and every sign-in,
 * successful or not, recorded append-only. Shared by the API and the web app's Audit page.
 */
import * as z from 'zod';
import { AUDIT_ACTIONS } from '../audit-actions.ts';
import { issueText } from '../i18n/messages.ts';
import { EMAIL_MAX, opaqueToken, text, wholeNumber } from './text.ts';

export { AUDIT_ACTIONS, type AuditAction } from '../audit-actions.ts';

/**
 * Who acted: a staff member (`user`), an API key, trusted code (`system`), or someone unknown (`anonymous`: a failed
 * sign-in with an e-mail address nobody on the staff has; its id and name are that address).
 */
export const auditActorSchema = z.object({
  type: z.enum(['user', 'apiKey', 'system', 'anonymous']),
  id: z.string(),
  name: z.string(),
});
export type AuditActor = z.infer<typeof auditActorSchema>;

/** What an action was done to (a user, a category, an API key, a webhook); null for sign-ins. */
export const auditTargetSchema = z.object({ type: z.string(), id: z.string(), name: z.string() });
export type AuditTarget = z.infer<typeof auditTargetSchema>;

/** One entry of `GET /api/audit`. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  actor: auditActorSchema,
  target: auditTargetSchema.nullable(),
  /** What changed, in words ("agent → manager"); never a secret or a password. */
  details: z.string().nullable(),
  /** The client's address as the API saw it; null for trusted code. */
  clientAddress: z.string().nullable(),
  /** The second admin who approved the action (docs/decisions/095-four-eyes-approval.md); absent when none had to. */
  approvedBy: auditActorSchema.optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Null when there is nothing more. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const AUDIT_PAGE_MAX = 100;

/** Texts of `GET /api/audit`'s query, as message codes with their arguments (shared/i18n/messages.ts). */
export const AUDIT_MESSAGES = {
  invalidAction: issueText('validation.oneOf', { field: 'action', values: AUDIT_ACTIONS.join(', ') }),
  invalidDate: issueText('validation.audit.invalidDate'),
  periodReversed: issueText('validation.audit.periodReversed'),
  invalidLimit: issueText('validation.limit.invalid', { max: AUDIT_PAGE_MAX }),
  invalidCursor: issueText('validation.cursor.invalid'),
} as const;

const day = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string({ error: AUDIT_MESSAGES.invalidDate })
    .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, AUDIT_MESSAGES.invalidDate)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), AUDIT_MESSAGES.invalidDate)
    .optional(),
);

/** `GET /api/audit` query: each filter optional; `from`/`to` are UTC days, both included. */
export const auditQuerySchema = z
  .object({
    /** An actor's id: a staff member's or API key's id, or the e-mail address of an unknown sign-in. */
    actor: z.preprocess(
      (v) => (v === '' ? undefined : v),
      text({ label: 'field.actor', max: EMAIL_MAX })
        .transform((v) => v || undefined)
        .optional(),
    ),
    action: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(AUDIT_ACTIONS, { error: AUDIT_MESSAGES.invalidAction }).optional(),
    ),
    from: day,
    to: day,
    limit: z.preprocess(
      (v) => (v === '' || v === undefined ? '50' : v),
      wholeNumber(AUDIT_MESSAGES.invalidLimit, 3).pipe(
        z.number().min(1, AUDIT_MESSAGES.invalidLimit).max(AUDIT_PAGE_MAX, AUDIT_MESSAGES.invalidLimit),
      ),
    ),
    cursor: z.preprocess((v) => (v === '' ? undefined : v), opaqueToken(AUDIT_MESSAGES.invalidCursor).optional()),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: AUDIT_MESSAGES.periodReversed, path: ['to'] });
export type AuditQuery = z.infer<typeof auditQuerySchema>;
