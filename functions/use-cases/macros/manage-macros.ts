/**
 * Macros (docs/product.md, "Macros"): every staff member lists the shared macros and their own, writes their own, and
 * previews any of them on a ticket; admins and managers alone write and change shared ones. Sending a reply from a
 * macro is the comment use case's (functions/use-cases/tickets/thread.ts).
 */
import { randomUUID } from 'node:crypto';
import type { CreateMacroInput, Macro, MacroPreview, UpdateMacroInput } from '#shared/schemas/macro.ts';
import { deleteMacro, getMacro, listMacros, putNewMacro, updateMacro } from '../../data/macros.ts';
import { requireVisibleTicket } from '../tickets/common.ts';
import type { Caller } from '../../domain/caller.ts';
import { assertUsable, macroEdit, newMacro, renderMacro } from '../../domain/macros.ts';
import { assertAccess, MACRO_ACCESS, staffMember, TICKET_ACCESS } from '../../domain/permissions.ts';

/** listMacrosFor: the shared macros and the caller's own, by title. */
export async function listMacrosFor(caller: Caller): Promise<Macro[]> {
  const user = staffMember(caller, MACRO_ACCESS.use);
  return listMacros(user.id);
}

/** addMacro: the caller's own macro, or a shared one when they are an admin or a manager (403 otherwise). */
export async function addMacro(caller: Caller, input: CreateMacroInput, now = new Date()): Promise<Macro> {
  const user = staffMember(caller, MACRO_ACCESS.use);
  return putNewMacro(newMacro(input, randomUUID(), user, now));
}

/**
 * editMacro: what the PATCH changes, over the version read (409 if it changed meanwhile). Someone else's own macro is
 * a 404, as it is invisible to the caller; a shared one is a 403 for agents.
 */
export async function editMacro(caller: Caller, id: string, patch: UpdateMacroInput, now = new Date()): Promise<Macro> {
  const user = staffMember(caller, MACRO_ACCESS.use);
  const current = assertUsable(user, await getMacro(id));
  const changes = macroEdit(current, patch, user);
  if (Object.keys(changes).length === 0) return current;
  return updateMacro(current, changes, now);
}

/** removeMacro: by whoever may manage it (as editMacro); the replies sent from it keep its title in their history. */
export async function removeMacro(caller: Caller, id: string): Promise<void> {
  const user = staffMember(caller, MACRO_ACCESS.use);
  const current = assertUsable(user, await getMacro(id));
  macroEdit(current, {}, user);
  await deleteMacro(current);
}

/** previewMacro: the macro written out for this ticket and the caller, as the composer shows it (the one renderer). */
export async function previewMacro(caller: Caller, ticketId: number, macroId: string): Promise<MacroPreview> {
  const user = staffMember(caller, MACRO_ACCESS.use);
  assertAccess(caller, TICKET_ACCESS.read);
  const [ticket, macro] = await Promise.all([requireVisibleTicket(caller, ticketId), getMacro(macroId)]);
  return renderMacro(assertUsable(user, macro), { ticket, agent: user });
}
