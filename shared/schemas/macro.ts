/**
 * Macros (docs/product.md, "Macros"): a titled reply in up to six languages, with placeholders the server fills from the
 * ticket and the replying agent, and ticket changes that apply when the reply is sent. Shared macros are the team's;
 * the others belong to the staff member who wrote them.
 */
import * as z from 'zod';
import { LANGUAGES, TICKET_LIMITS } from '../constants.ts';
import { issueText } from '../i18n/messages.ts';
import { identifier, text } from './text.ts';
import { categoryField, prioritySchema, ticketIdParamsSchema, ticketStatusSchema } from './ticket.ts';

export const MACRO_LIMITS = { titleMax: 100, bodyMax: TICKET_LIMITS.commentMax } as const;

/** What a macro's text may hold between double braces, and nothing else. */
export const MACRO_PLACEHOLDERS = ['customer.email', 'ticket.code', 'ticket.subject', 'agent.firstName'] as const;
export type MacroPlaceholder = (typeof MACRO_PLACEHOLDERS)[number];

/** `{{ name }}` in a macro's text, white space inside the braces allowed. */
export const PLACEHOLDER_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders a text names that are not in MACRO_PLACEHOLDERS, each once. */
export function unknownPlaceholders(body: string): string[] {
  const known: readonly string[] = MACRO_PLACEHOLDERS;
  const names = [...body.matchAll(PLACEHOLDER_PATTERN)].map((match) => match[1] ?? '');
  return [...new Set(names.filter((name) => !known.includes(name)))];
}

const bodyText = (required: boolean) =>
  text({
    label: 'field.macroBody',
    max: MACRO_LIMITS.bodyMax,
    multiline: true,
    ...(required ? { required: issueText('validation.macro.bodyRequired') } : {}),
  }).superRefine((value, ctx) => {
    const unknown = unknownPlaceholders(value)[0];
    if (unknown !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: issueText('validation.macro.unknownPlaceholder', {
          placeholder: `{{${unknown}}}`,
          known: MACRO_PLACEHOLDERS.map((name) => `{{${name}}}`).join(', '),
        }),
      });
    }
  });

/** A translation left blank is no translation: the reply falls back to English. */
const optionalTranslation = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  bodyText(false).optional(),
);

/** The text in each language; English is required, the others optional. */
export const macroBodySchema = z.object(
  {
    en: bodyText(true),
    es: optionalTranslation,
    fr: optionalTranslation,
    de: optionalTranslation,
    zh: optionalTranslation,
    ja: optionalTranslation,
  },
  { error: issueText('validation.macro.bodyRequired') },
);

/** What sending a reply from the macro changes on the ticket, as a ticket edit would. */
export const macroActionsSchema = z.object({
  status: ticketStatusSchema.optional(),
  priority: prioritySchema.optional(),
  /** An active category's name. */
  category: categoryField.optional(),
  waitingOnCustomer: z.boolean({ error: issueText('validation.waitingOnCustomer') }).optional(),
});
export type MacroActions = z.infer<typeof macroActionsSchema>;

/** A macro as the API returns it. */
export const macroSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.object({
    en: z.string(),
    es: z.string().optional(),
    fr: z.string().optional(),
    de: z.string().optional(),
    zh: z.string().optional(),
    ja: z.string().optional(),
  }),
  actions: macroActionsSchema,
  /** Every staff member sees and uses a shared macro; admins and managers manage it. */
  shared: z.boolean(),
  /** Who wrote it: the one person who sees and uses it while it is not shared. */
  ownerId: z.string(),
  ownerName: z.string(),
  /**
   * A compliance user approved it for restricted tickets, where a public reply may only be such a macro, unedited
   * (docs/decisions/099-reply-guard.md). Only compliance users set or change it.
   */
  approvedForRestricted: z.boolean(),
  /** Replies sent from it. */
  usageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Macro = z.infer<typeof macroSchema>;

const titleField = text({
  label: 'field.title',
  max: MACRO_LIMITS.titleMax,
  required: issueText('validation.macro.titleRequired'),
});

/** `POST /api/macros`. */
export const createMacroSchema = z.object({
  title: titleField,
  body: macroBodySchema,
  actions: macroActionsSchema.default({}),
  shared: z.boolean({ error: issueText('validation.boolean', { field: 'shared' }) }).default(false),
  approvedForRestricted: z
    .boolean({ error: issueText('validation.boolean', { field: 'approvedForRestricted' }) })
    .optional(),
});
export type CreateMacroInput = z.infer<typeof createMacroSchema>;

/** `PATCH /api/macros/{id}`: any subset; `body` and `actions`, when sent, replace the whole of them. */
export const updateMacroSchema = z.object({
  title: titleField.optional(),
  body: macroBodySchema.optional(),
  actions: macroActionsSchema.optional(),
  shared: z.boolean({ error: issueText('validation.boolean', { field: 'shared' }) }).optional(),
  approvedForRestricted: z
    .boolean({ error: issueText('validation.boolean', { field: 'approvedForRestricted' }) })
    .optional(),
});
export type UpdateMacroInput = z.infer<typeof updateMacroSchema>;

/** Path parameters of `/api/macros/{id}`. */
export const macroIdParamsSchema = z.object({ id: identifier('field.macroId') });

/** Path parameters of `/api/tickets/{id}/macros/{macroId}/preview`. */
export const macroPreviewParamsSchema = ticketIdParamsSchema.extend({ macroId: identifier('field.macroId') });

/** A macro written out for one ticket: what lands in the composer, and what sending it will change. */
export const macroPreviewSchema = z.object({
  content: z.string(),
  actions: macroActionsSchema,
  /** The language `content` is in: the ticket's customer language, or English when the macro lacks it. */
  language: z.enum(LANGUAGES),
});
export type MacroPreview = z.infer<typeof macroPreviewSchema>;
