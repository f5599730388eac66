import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuardTerms, HeldReply } from '#shared/schemas/reply-guard.ts';
import type { Comment } from '#shared/schemas/ticket.ts';
import { api } from '../../lib/api.ts';

export const complianceKeys = {
  all: ['compliance'] as const,
  held: () => [...complianceKeys.all, 'held-replies'] as const,
  terms: () => [...complianceKeys.all, 'guard-terms'] as const,
};

/** Replies the reply guard holds, newest first (compliance users only). */
export const heldRepliesQuery = () =>
  queryOptions({
    queryKey: complianceKeys.held(),
    queryFn: ({ signal }) => api.get<HeldReply[]>('/api/compliance/held-replies', { signal }),
  });

/** The reply guard's terms (compliance users only). */
export const guardTermsQuery = () =>
  queryOptions({
    queryKey: complianceKeys.terms(),
    queryFn: ({ signal }) => api.get<GuardTerms>('/api/compliance/guard-terms', { signal }),
  });

const heldPath = (reply: Pick<HeldReply, 'ticketId' | 'commentId'>) =>
  `/api/compliance/held-replies/${reply.ticketId}/${encodeURIComponent(reply.commentId)}`;

/** `POST …/release`: the reply goes to the customer and leaves the list. */
export function useReleaseHeldReplyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: HeldReply) => api.post<Comment>(`${heldPath(reply)}/release`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: complianceKeys.held() }),
  });
}

/** `POST …/return`: the reply stays internal with the note, and leaves the list. */
export function useReturnHeldReplyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reply, note }: { reply: HeldReply; note: string }) =>
      api.post<Comment>(`${heldPath(reply)}/return`, { note }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: complianceKeys.held() }),
  });
}

/** `PUT /api/compliance/guard-terms`: the whole list replaced. */
export function useSaveGuardTermsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (terms: string[]) => api.put<GuardTerms>('/api/compliance/guard-terms', { terms }),
    onSuccess: (saved) => queryClient.setQueryData(complianceKeys.terms(), saved),
  });
}
