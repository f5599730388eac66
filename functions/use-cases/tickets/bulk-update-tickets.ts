/**
 * Bulk changes on tickets (docs/product.md §2 "Tickets table", §7): the same status, priority, category or assignee
 * for up to 100 tickets at once. Each ticket is changed exactly as if it were edited alone, through `updateTicket` and
 * `assignTicket` (docs/decisions/050-use-cases.md), so its permission check, history, alarms and webhooks are theirs;
 * one ticket's refusal never stops the others, and each ticket's outcome comes back with the code its single-ticket
 * route would have answered.
 */
import type { ApiCode } from '#shared/i18n/messages.ts';
import type { BulkTicketResult, BulkUpdateTicketsInput } from '#shared/schemas/ticket.ts';
import type { Caller } from '../../domain/caller.ts';
import { assertAccess, TICKET_ACCESS } from '../../domain/permissions.ts';
import { settleWithConcurrency } from '../../lib/concurrency.ts';
import { AppError, isTransientServiceError } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { assignTicket } from './assign-ticket.ts';
import { linkToIncident, unlinkFromIncident } from './incidents.ts';
import { updateTicket } from './update-ticket.ts';

/**
 * Tickets changed at the same time. Small: each change is a transaction on the ticket and on shared counters
 * (figures, category usage), and writes that meet on a counter retry (functions/data/transactions.ts).
 */
export const BULK_CONCURRENCY = 4;

/** The code the HTTP error mapper (functions/http/handler.ts) would have answered for this failure. */
function codeOf(error: unknown): ApiCode {
  if (error instanceof AppError) return error.code;
  if (isTransientServiceError(error)) return 'error.unavailable';
  logger.error('Bulk ticket change failed', error as Error);
  return 'error.internal';
}

/**
 * bulkUpdateTickets: per ticket, the edit (status, priority, category), then the assignment, then the incident link,
 * each as its own use case decides it. A caller who may not assign at all gets that refusal for every ticket and
 * changes nothing; a ticket whose edit was made but whose assignment (or link) was then refused reports that refusal
 * and keeps the edit.
 */
export async function bulkUpdateTickets(
  caller: Caller,
  { ticketIds, changes }: BulkUpdateTicketsInput,
  now = new Date(),
): Promise<BulkTicketResult[]> {
  assertAccess(caller, TICKET_ACCESS.edit);
  const { assignedToId, parentId, ...edit } = changes;
  const editing = Object.values(edit).some((value) => value !== undefined);
  let assignRefusal: ApiCode | undefined;
  if (assignedToId !== undefined) {
    try {
      assertAccess(caller, TICKET_ACCESS.assign);
    } catch (error) {
      assignRefusal = codeOf(error);
    }
  }

  const settled = await settleWithConcurrency(ticketIds, BULK_CONCURRENCY, async (id) => {
    if (assignRefusal) return assignRefusal;
    if (editing) await updateTicket(caller, id, edit, now);
    if (assignedToId !== undefined) await assignTicket(caller, id, assignedToId, now);
    if (parentId === null) await unlinkFromIncident(caller, id, now);
    else if (parentId !== undefined) await linkToIncident(caller, id, { parentId }, now);
    return undefined;
  });
  return settled.map((outcome, index) => {
    const id = ticketIds[index]!;
    const code = outcome.status === 'fulfilled' ? outcome.value : codeOf(outcome.reason);
    return code ? { id, ok: false, code } : { id, ok: true };
  });
}
