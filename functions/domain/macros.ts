/**
 * Macros (docs/product.md, "Macros"; docs/decisions/091-macros-rendered-by-the-server.md): the rules without storage.
 * A macro is written out for one ticket by one renderer, the preview the composer shows and nothing else: the body in
 * the ticket's customer language (English when the macro lacks that one), its placeholders filled from the ticket and
 * the replying staff member.
 */
import { DEFAULT_CUSTOMER_LANGUAGE, type Language } from '#shared/constants.ts';
import { ticketCode } from '#shared/format.ts';
import {
  type CreateMacroInput,
  type Macro,
  type MacroPlaceholder,
  type MacroPreview,
  PLACEHOLDER_PATTERN,
  type UpdateMacroInput,
} from '#shared/schemas/macro.ts';
import type { User } from '#shared/schemas/user.ts';
import { ForbiddenError, NotFoundError } from '../lib/errors.ts';
import { canManageMacro, canUseMacro } from './permissions.ts';
import { displayName } from './tickets.ts';

/** What a macro's placeholders are filled from. */
export interface MacroContext {
  ticket: { id: number; subject: string; customerEmail: string; customerLanguage?: Language | null };
  agent: Pick<User, 'firstName'>;
}

/** renderMacro: the macro's text for this ticket and agent, and the language it is in. */
export function renderMacro(macro: Pick<Macro, 'body' | 'actions'>, context: MacroContext): MacroPreview {
  const wanted = context.ticket.customerLanguage ?? DEFAULT_CUSTOMER_LANGUAGE;
  const language: Language = macro.body[wanted] ? wanted : 'en';
  const values: Record<MacroPlaceholder, string> = {
    'customer.email': context.ticket.customerEmail,
    'ticket.code': ticketCode(context.ticket.id),
    'ticket.subject': context.ticket.subject,
    'agent.firstName': context.agent.firstName,
  };
  const body = macro.body[language] ?? macro.body.en;
  // Only known placeholders are ever stored (shared/schemas/macro.ts); anything else is left as written.
  const content = body.replace(PLACEHOLDER_PATTERN, (whole, name: string) =>
    name in values ? values[name as MacroPlaceholder] : whole,
  );
  return { content, actions: macro.actions, language };
}

/** A new macro as its author wrote it: shared only when they may share (403 otherwise). */
export function newMacro(input: CreateMacroInput, id: string, owner: User, now: Date): Macro {
  const at = now.toISOString();
  const macro: Macro = {
    id,
    title: input.title,
    body: defined(input.body),
    actions: defined(input.actions),
    shared: input.shared,
    approvedForRestricted: input.approvedForRestricted ?? false,
    ownerId: owner.id,
    ownerName: displayName(owner),
    usageCount: 0,
    createdAt: at,
    updatedAt: at,
  };
  if (!canManageMacro(owner, macro)) throw macroRefusals.shareDenied();
  if (macro.approvedForRestricted && owner.compliance !== true) throw macroRefusals.approvalDenied();
  return macro;
}

/** The fields a PATCH changes, checked against who may manage the macro before and after. */
export function macroEdit(current: Macro, patch: UpdateMacroInput, editor: User): Partial<Macro> {
  // Approving a macro is compliance's decision: a compliance user approves any macro they can use, shared ones too.
  const unchanged = (key: string, value: unknown) =>
    value === undefined ||
    (typeof value === 'object' && value !== null
      ? sameJson(value, current[key as keyof Macro] as object)
      : value === current[key as keyof Macro]);
  const approvalOnly = Object.entries(patch).every(([k, v]) => k === 'approvedForRestricted' || unchanged(k, v));
  const approving = approvalOnly && patch.approvedForRestricted !== undefined && editor.compliance === true;
  if (!approving && !canManageMacro(editor, current)) throw macroRefusals.manageDenied(current);
  const changes: Partial<Macro> = {};
  if (patch.title !== undefined && patch.title !== current.title) changes.title = patch.title;
  if (patch.body !== undefined && !sameJson(patch.body, current.body)) changes.body = defined(patch.body);
  if (patch.actions !== undefined && !sameJson(patch.actions, current.actions))
    changes.actions = defined(patch.actions);
  if (patch.shared !== undefined && patch.shared !== current.shared) {
    changes.shared = patch.shared;
    // Sharing one's own macro, or taking a shared one back to its author, is for admins and managers.
    if (!canManageMacro(editor, { ...current, shared: patch.shared })) throw macroRefusals.shareDenied();
  }
  if (patch.approvedForRestricted !== undefined && patch.approvedForRestricted !== current.approvedForRestricted) {
    if (editor.compliance !== true) throw macroRefusals.approvalDenied();
    changes.approvedForRestricted = patch.approvedForRestricted;
  } else if (current.approvedForRestricted && changes.body && editor.compliance !== true) {
    // What compliance approved was this text: a new text by anyone else needs their approval again.
    changes.approvedForRestricted = false;
  }
  return changes;
}

/** A macro the staff member may use (404 for one they may not see, as for one that does not exist). */
export function assertUsable(user: Pick<User, 'id'>, macro: Macro | undefined): Macro {
  if (!macro || !canUseMacro(user, macro)) throw macroRefusals.notFound();
  return macro;
}

/** The object without its undefined fields (a translation left out), as it is stored. */
const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

const sameJson = (a: object, b: object): boolean =>
  JSON.stringify(Object.entries(defined(a)).sort()) === JSON.stringify(Object.entries(defined(b)).sort());

export const macroRefusals = {
  notFound: () => new NotFoundError('error.macro.notFound'),
  shareDenied: () => new ForbiddenError('error.macro.shareDenied'),
  /** Approving a macro for restricted tickets is for compliance users (docs/decisions/099-reply-guard.md). */
  approvalDenied: () => new ForbiddenError('error.macro.approvalDenied'),
  /** Someone else's own macro is not even visible; a shared one is, but only admins and managers change it. */
  manageDenied: (macro: Macro) => (macro.shared ? macroRefusals.shareDenied() : macroRefusals.notFound()),
};
