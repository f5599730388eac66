/**
 * Ticket writes. Each refreshes exactly what it changes: the lists a ticket appears in, its detail and history,
 * and the dashboard figures (counts, overdue panel) that depend on status, priority and assignee.
 */
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Attachment } from '#shared/schemas/attachment.ts';
import type {
  AssignTicketInput,
  BulkTicketChanges,
  BulkTicketResult,
  BulkUpdateTicketsResult,
  Comment,
  CreateCommentInput,
  CreateTicketInput,
  Ticket,
  UpdateTicketInput,
} from '#shared/schemas/ticket.ts';
import { TICKET_LIMITS } from '#shared/constants.ts';
import { ApiError, api } from '../../lib/api.ts';
import { dashboardKeys } from '../dashboard/queries.ts';
import { macroKeys } from '../macros/queries.ts';
import { ticketKeys } from './queries.ts';
import type { ApprovalRequested } from '#shared/schemas/approval.ts';
import { approvalKeys } from '../approvals/queries.ts';

/** What a changed ticket makes out of date everywhere. */
async function refreshTicketViews(queryClient: QueryClient, ticket: Ticket): Promise<void> {
  queryClient.setQueryData(ticketKeys.detail(ticket.id), ticket);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ticketKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: ticketKeys.history(ticket.id) }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  ]);
}

/** `POST /api/tickets`; without `assignedToId` the server assigns round robin. */
export function useCreateTicketMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTicketInput) => api.post<Ticket>('/api/tickets', input),
    onSuccess: (ticket) => refreshTicketViews(queryClient, ticket),
  });
}

/** `PATCH /api/tickets/{id}` with the fields that changed. */
export function useUpdateTicketMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateTicketInput) => api.patch<Ticket>(`/api/tickets/${id}`, changes),
    onSuccess: (ticket) => refreshTicketViews(queryClient, ticket),
  });
}

/** `POST /api/tickets/{id}/assign`. */
export function useAssignTicketMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, agentId }: AssignTicketInput & { ticketId: number }) =>
      api.post<Ticket>(`/api/tickets/${ticketId}/assign`, { agentId }),
    onSuccess: (ticket) => refreshTicketViews(queryClient, ticket),
  });
}

/** `POST /api/tickets/{id}/merge`: both tickets, their threads and histories, and every list change. */
export function useMergeTicketMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: { id: number; intoTicketId: number; allowDifferentCustomer: boolean }) =>
      api.post<{ ticket: Ticket; into: Ticket; movedMessages: number }>(`/api/tickets/${id}/merge`, input),
    onSuccess: async ({ ticket, into }) => {
      await Promise.all([
        refreshTicketViews(queryClient, ticket),
        refreshTicketViews(queryClient, into),
        queryClient.invalidateQueries({ queryKey: ticketKeys.comments(into.id) }),
      ]);
    },
  });
}

/**
 * `PUT /api/tickets/{id}/parent`: makes the ticket part of an incident (docs/product.md §2 "Incidents"), moving it
 * from the one it was part of. The incidents' ticket lists live under the lists' key and refresh with them.
 */
export function useLinkToIncidentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, parentId }: { id: number; parentId: number }) =>
      api.put<Ticket>(`/api/tickets/${id}/parent`, { parentId }),
    onSuccess: (ticket) => refreshTicketViews(queryClient, ticket),
  });
}

/** `DELETE /api/tickets/{id}/parent`: takes the ticket out of its incident. */
export function useUnlinkFromIncidentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<Ticket>(`/api/tickets/${id}/parent`),
    onSuccess: (ticket) => refreshTicketViews(queryClient, ticket),
  });
}

/**
 * `POST /api/tickets/{id}/comments`; the thread and the history reload (docs/product.md §4). A comment the customer sees
 * may be the ticket's first response, which moves the dashboard's average response time; one sent from a macro may
 * change the ticket itself, and counts a use of the macro.
 */
/** The reply would have crossed messages written since the composer's newest (docs/product.md §2 "Ticket detail"). */
export const isNewerMessageConflict = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409 && error.body?.code === 'error.thread.newerMessage';

export function useAddCommentMutation(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCommentInput) => api.post<Comment>(`/api/tickets/${ticketId}/comments`, input),
    // The newer messages are shown before the sender decides: the thread refetches.
    onError: (error) =>
      isNewerMessageConflict(error)
        ? queryClient.invalidateQueries({ queryKey: ticketKeys.comments(ticketId) })
        : undefined,
    onSuccess: (_comment, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketKeys.comments(ticketId) }),
        queryClient.invalidateQueries({ queryKey: ticketKeys.history(ticketId) }),
        input.isInternal ? undefined : queryClient.invalidateQueries({ queryKey: dashboardKeys.metrics() }),
        // A reply sent on to an incident's tickets changes their threads and may change their status.
        input.toChildren ? queryClient.invalidateQueries({ queryKey: ticketKeys.lists() }) : undefined,
        ...(input.macroId
          ? [
              queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) }),
              queryClient.invalidateQueries({ queryKey: ticketKeys.lists() }),
              queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
              queryClient.invalidateQueries({ queryKey: macroKeys.all }),
            ]
          : []),
      ]),
  });
}

/**
 * `DELETE /api/tickets/{id}/attachments/{attachmentId}` with the reason (admins, docs/decisions/094-attachments.md):
 * the thread shows who removed the file, and the history says so.
 */
export function useRemoveAttachmentMutation(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ attachmentId, reason }: { attachmentId: string; reason: string }) =>
      api.delete<Attachment | ApprovalRequested>(
        `/api/tickets/${ticketId}/attachments/${encodeURIComponent(attachmentId)}`,
        { reason },
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketKeys.comments(ticketId) }),
        queryClient.invalidateQueries({ queryKey: ticketKeys.history(ticketId) }),
        // Held for a second admin (docs/decisions/095-four-eyes-approval.md), it shows on Pending Approvals.
        queryClient.invalidateQueries({ queryKey: approvalKeys.all }),
      ]),
  });
}

/**
 * `POST /api/tickets/bulk` (docs/product.md §2 "Tickets table"): the same changes on every ticket named, in requests of
 * at most 100 tickets, one after another; resolves with one result per ticket, in order. The lists refetch, and what
 * was changed makes those tickets' details and histories and the dashboard figures out of date, even when a later
 * request failed.
 */
export function useBulkUpdateTicketsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ticketIds, changes }: { ticketIds: number[]; changes: BulkTicketChanges }) => {
      const results: BulkTicketResult[] = [];
      try {
        for (let start = 0; start < ticketIds.length; start += TICKET_LIMITS.bulkMax) {
          const chunk = ticketIds.slice(start, start + TICKET_LIMITS.bulkMax);
          const answer = await api.post<BulkUpdateTicketsResult>('/api/tickets/bulk', { ticketIds: chunk, changes });
          results.push(...answer.results);
        }
      } finally {
        if (results.length > 0) await refreshBulkChanged(queryClient, results);
      }
      return results;
    },
  });
}

/** The lists (refused rows may have changed meanwhile too), and what each changed ticket shows elsewhere. */
async function refreshBulkChanged(queryClient: QueryClient, results: readonly BulkTicketResult[]): Promise<void> {
  const changed = results.filter((result) => result.ok).map((result) => result.id);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ticketKeys.lists() }),
    ...changed.flatMap((id) => [
      queryClient.invalidateQueries({ queryKey: ticketKeys.detail(id) }),
      queryClient.invalidateQueries({ queryKey: ticketKeys.history(id) }),
    ]),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  ]);
}
