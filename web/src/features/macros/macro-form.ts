/**
 * The macro form's values and what they become: every language's text as a string (blank: not written), and each
 * action as a select whose empty choice means "no change".
 */
import * as z from 'zod';
import { LANGUAGES, PRIORITIES, TICKET_STATUSES } from '#shared/constants.ts';
import { type CreateMacroInput, createMacroSchema, type Macro, macroBodySchema } from '#shared/schemas/macro.ts';

const noChange = <T extends readonly [string, ...string[]]>(values: T) => z.union([z.literal(''), z.enum(values)]);

export const macroFormSchema = z.object({
  title: createMacroSchema.shape.title,
  body: macroBodySchema,
  status: noChange(TICKET_STATUSES),
  priority: noChange(PRIORITIES),
  category: z.string(),
  waiting: z.enum(['', 'start', 'stop']),
  shared: z.boolean(),
  /** Approved for restricted tickets: only compliance users see and change it (docs/decisions/099-reply-guard.md). */
  approvedForRestricted: z.boolean(),
});
export type MacroFormInput = z.input<typeof macroFormSchema>;
type MacroFormOutput = z.output<typeof macroFormSchema>;

/** The form as it opens: the macro's values, or an empty own macro. */
export function macroFormValues(macro: Macro | undefined): MacroFormInput {
  const body = Object.fromEntries(LANGUAGES.map((language) => [language, macro?.body[language] ?? '']));
  const waiting = macro?.actions.waitingOnCustomer;
  return {
    title: macro?.title ?? '',
    body: body as MacroFormInput['body'],
    status: macro?.actions.status ?? '',
    priority: macro?.actions.priority ?? '',
    category: macro?.actions.category ?? '',
    waiting: waiting === undefined ? '' : waiting ? 'start' : 'stop',
    shared: macro?.shared ?? false,
    approvedForRestricted: macro?.approvedForRestricted ?? false,
  };
}

/** What the API is sent: only the actions that change something, only the translations written. */
export function macroInputOf(values: MacroFormOutput): CreateMacroInput {
  const actions: CreateMacroInput['actions'] = {};
  if (values.status) actions.status = values.status;
  if (values.priority) actions.priority = values.priority;
  if (values.category) actions.category = values.category;
  if (values.waiting) actions.waitingOnCustomer = values.waiting === 'start';
  const body = Object.fromEntries(Object.entries(values.body).filter(([, text]) => text)) as CreateMacroInput['body'];
  // Sent as it opened unless a compliance user changed it: the server lets only them change it.
  return {
    title: values.title,
    body,
    actions,
    shared: values.shared,
    approvedForRestricted: values.approvedForRestricted,
  };
}
