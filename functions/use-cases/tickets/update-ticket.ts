/**
 * Editing a ticket (docs/product.md §4): status, priority (the SLA clocks take the new priority's targets from the
 * policy in force), category, subject, description, and waiting on the customer (the resolution clock stops). Admins and managers edit any ticket, an agent only the tickets assigned to them.
 */
import type { Category } from '#shared/schemas/category.ts';
import type { SlaPolicy } from '#shared/schemas/sla.ts';
import type { UpdateTicketInput } from '#shared/schemas/ticket.ts';
import { getCategory, getCategoryByName } from '../../data/categories.ts';
import { getSlaPolicy } from '../../data/sla-policy.ts';
import { categoryUsage, writeTicketChange } from '../../data/tickets/writes.ts';
import type { GuardedItem } from '../../data/transactions.ts';
import { actorOf, type Caller } from '../../domain/caller.ts';
import { ticketSlaFor } from '../../domain/deadlines.ts';
import { assertAccess, canEditTicket, isCompliance, TICKET_ACCESS } from '../../domain/permissions.ts';
import { redactFields, redactionChanges } from '../../domain/redaction.ts';
import {
  editTicket,
  type TicketEdit,
  type TicketRecord,
  type Transition,
  ticketRefusals,
} from '../../domain/tickets.ts';
import { ForbiddenError } from '../../lib/errors.ts';
import { requireVisibleTicket, retryWhileStale } from './common.ts';

/**
 * updateTicket: decided on the ticket as read and written only over that version; refused (403) when the caller may
 * not edit the ticket as read (trusted code edits any; compliance staff restrict or lift any ticket they see, and a
 * patch of `restricted` alone needs nothing more); only into an active category (its usage count moves from the old
 * one to the new).
 * An edit that changes nothing writes nothing.
 */
export async function updateTicket(
  caller: Caller,
  id: number,
  patch: UpdateTicketInput,
  now = new Date(),
): Promise<TicketRecord> {
  assertAccess(caller, TICKET_ACCESS.edit);
  // Only compliance staff restrict a ticket or lift it (docs/product.md §6 "Compliance"); trusted code may too.
  if (patch.restricted !== undefined && caller.kind !== 'system' && !isCompliance(caller)) {
    throw new ForbiddenError('error.ticket.restrictDenied');
  }
  const { value: clean, found } = redactFields(patch, ['subject', 'description']);
  const inputs = await editInputs(patch);
  // Restricting or lifting alone is the compliance permission's own act, on any ticket its holder sees: a compliance
  // agent hides a case that someone else holds (docs/decisions/098-restricted-compliance-cases.md).
  const restrictingOnly = Object.keys(patch).every((field) => field === 'restricted');

  return retryWhileStale(async () => {
    const current = await requireVisibleTicket(caller, id);
    if (caller.kind === 'staff' && !restrictingOnly && !canEditTicket(caller.user, current)) {
      throw new ForbiddenError('error.ticket.editDenied');
    }
    const { transition, extra } = await plannedEdit(current, clean, inputs, now);
    if (transition.changes.length === 0) return current;
    // Only fields that changed are stored, so only their redactions are worth a note.
    const changed = new Set(transition.changes.map((c) => c.field));
    const notes = redactionChanges(found.filter((f) => changed.has(f.field)));
    return writeTicketChange(
      current,
      { ...transition, changes: [...transition.changes, ...notes] },
      { actor: actorOf(caller), action: 'updated', extra, now },
    );
  });
}

/** What an edit needs read before the ticket, once however often the write is retried. */
export interface EditInputs {
  /** The category the edit names, when it names one (refused as unknown when there is none). */
  category?: Category;
  /** The SLA policy in force, when the edit sets a priority. */
  policy?: SlaPolicy;
}

/** editInputs: the category an edit names (400 when there is no such category) and the policy a new priority needs. */
export async function editInputs(patch: Pick<UpdateTicketInput, 'category' | 'priority'>): Promise<EditInputs> {
  const category = patch.category === undefined ? undefined : await getCategoryByName(patch.category);
  if (patch.category !== undefined && !category) throw ticketRefusals.unknownCategory();
  const policy = patch.priority === undefined ? undefined : await getSlaPolicy();
  return { ...(category ? { category } : {}), ...(policy ? { policy } : {}) };
}

/**
 * plannedEdit: the transition of an edit from `current` (who may make it is the caller's business), and the category
 * counts it moves; a comment sent from a macro applies the macro's actions through it too.
 */
export async function plannedEdit(
  current: TicketRecord,
  patch: Omit<UpdateTicketInput, 'category'>,
  inputs: EditInputs,
  now: Date,
): Promise<{ transition: Transition; extra: GuardedItem[] }> {
  const { category: named, policy } = inputs;
  const edit: TicketEdit = {
    subject: patch.subject,
    description: patch.description,
    priority: patch.priority,
    status: patch.status,
    waitingOnCustomer: patch.waitingOnCustomer,
    restricted: patch.restricted,
    ...(policy && patch.priority ? { sla: ticketSlaFor(policy, patch.priority) } : {}),
  };
  const extra: GuardedItem[] = [];
  if (named && named.id !== current.categoryId) {
    if (!named.isActive) throw ticketRefusals.unknownCategory();
    edit.category = { id: named.id, name: named.name };
    // Moving a ticket into a restricted category makes it a compliance case (docs/product.md §6 "Compliance").
    if (named.restricted) edit.restricted = true;
    extra.push(categoryUsage(named.id, 1));
    // A ticket filed before its category existed as an item has no count to take back.
    if (await getCategory(current.categoryId)) extra.push(categoryUsage(current.categoryId, -1));
  }
  return { transition: editTicket(current, edit, now), extra };
}
