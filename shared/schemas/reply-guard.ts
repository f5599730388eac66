/**
 * The reply guard's API shapes (docs/decisions/099-reply-guard.md): why a reply was held, the held replies compliance
 * users review, and the list of guarded terms they edit.
 */
import * as z from 'zod';
import { issueText } from '../i18n/messages.ts';
import { identifier, text, wholeNumber } from './text.ts';

/** Bounds of the guarded terms list (docs/product.md §9). */
export const GUARD_TERM_LIMITS = {
  /** Terms in the list. */
  maxTerms: 300,
  /** Characters of one term. */
  termMax: 100,
  /** Letters a prefix term word (`investigat*`) keeps before its star. */
  prefixMin: 4,
  /** Characters of the note a compliance user returns a reply with. */
  noteMax: 2_000,
  /** Held replies one list answers with. */
  listMax: 100,
} as const;

/** One reason a reply was held: a guarded term it contains (as the list writes it), or a host it links to. */
export const holdReasonSchema = z.object({ kind: z.enum(['term', 'link']), value: z.string() });
export type HoldReason = z.infer<typeof holdReasonSchema>;

export const HOLD_STATES = ['held', 'released', 'returned'] as const;

/** What a held reply carries (on the comment): why, since when, and what a compliance user decided. */
export const holdSchema = z.object({
  reasons: z.array(holdReasonSchema),
  heldAt: z.string(),
  state: z.enum(HOLD_STATES),
  /** The compliance user who released or returned it. */
  decidedBy: z.object({ id: z.string(), name: z.string() }).optional(),
  decidedAt: z.string().optional(),
  /** What they told the author when they returned it. */
  note: z.string().optional(),
  /** The reply was meant for the incident's tickets too: released, it goes to them as well. */
  toChildren: z.boolean().optional(),
});
export type Hold = z.infer<typeof holdSchema>;

/** One held reply waiting for a compliance user (`GET /api/compliance/held-replies`). */
export const heldReplySchema = z.object({
  ticketId: z.number().int(),
  /** The ticket's code, `TKT-0042`. */
  ticketCode: z.string(),
  commentId: z.string(),
  author: z.object({ id: z.string().nullable(), name: z.string() }),
  text: z.string(),
  reasons: z.array(holdReasonSchema),
  heldAt: z.string(),
});
export type HeldReply = z.infer<typeof heldReplySchema>;

/** Path parameters of `/api/compliance/held-replies/{id}/{commentId}/…`. */
export const heldReplyParamsSchema = z.object({
  id: wholeNumber(issueText('validation.ticketId.invalid')).refine(
    (id) => id > 0,
    issueText('validation.ticketId.invalid'),
  ),
  commentId: identifier('field.commentId'),
});

/** `POST …/return`: the note the author reads on the thread. */
export const returnHeldReplySchema = z.object({
  note: text({
    label: 'field.note',
    max: GUARD_TERM_LIMITS.noteMax,
    required: issueText('validation.guard.noteRequired'),
    multiline: true,
  }),
});
export type ReturnHeldReplyInput = z.infer<typeof returnHeldReplySchema>;

const guardTerm = text({
  label: 'field.guardTerm',
  max: GUARD_TERM_LIMITS.termMax,
  required: issueText('validation.guard.termEmpty'),
});

/** `PUT /api/compliance/guard-terms`: the whole list, at least one term, each once. */
export const guardTermsInputSchema = z.object({
  terms: z
    .array(guardTerm, { error: issueText('validation.guard.terms', { max: GUARD_TERM_LIMITS.maxTerms }) })
    .min(1, issueText('validation.guard.terms', { max: GUARD_TERM_LIMITS.maxTerms }))
    .max(GUARD_TERM_LIMITS.maxTerms, issueText('validation.guard.terms', { max: GUARD_TERM_LIMITS.maxTerms })),
});
export type GuardTermsInput = z.infer<typeof guardTermsInputSchema>;

/** `GET /api/compliance/guard-terms`: the list, and whether it is still the defaults (never saved). */
export const guardTermsSchema = z.object({
  terms: z.array(z.string()),
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type GuardTerms = z.infer<typeof guardTermsSchema>;
