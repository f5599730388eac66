import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FailedMailList, HeldMailList, InboundRefusalCount, ReleasedMail } from '#shared/schemas/mail.ts';
import { api } from '../../lib/api.ts';

export const mailKeys = {
  all: ['mail'] as const,
  failed: () => [...mailKeys.all, 'failed'] as const,
  refusals: () => [...mailKeys.all, 'inbound-refusals'] as const,
  held: () => [...mailKeys.all, 'held'] as const,
};

/** A page of an admin list of mail, after `cursor`. */
const pageUrl = (path: string, cursor: string | null) =>
  `${path}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;

/** E-mails set aside after failing, newest first, 25 a page (admins only). */
export const failedMailQuery = () =>
  infiniteQueryOptions({
    queryKey: mailKeys.failed(),
    queryFn: ({ pageParam, signal }) => api.get<FailedMailList>(pageUrl('/api/mail/failed', pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** Inbound mail that changed nothing, counted by reason (admins only). */
export const inboundRefusalsQuery = () =>
  queryOptions({
    queryKey: mailKeys.refusals(),
    queryFn: ({ signal }) => api.get<InboundRefusalCount[]>('/api/mail/inbound-refusals', { signal }),
  });

/** `POST /api/mail/failed/{id}/retry`: the e-mail is queued again and leaves the list. */
export function useRetryFailedMailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ id: string; status: string }>(`/api/mail/failed/${id}/retry`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailKeys.failed() }),
  });
}

/** New messages held over the per-sender limit, newest first, 25 a page (admins only). */
export const heldMailQuery = () =>
  infiniteQueryOptions({
    queryKey: mailKeys.held(),
    queryFn: ({ pageParam, signal }) => api.get<HeldMailList>(pageUrl('/api/mail/held', pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** `POST /api/mail/held/{id}/release`: the ticket opens and the message leaves the list. */
export function useReleaseHeldMailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<ReleasedMail>(`/api/mail/held/${id}/release`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailKeys.held() }),
  });
}

/** `DELETE /api/mail/held/{id}`: the message leaves the list without a ticket. */
export function useDismissHeldMailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/mail/held/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailKeys.held() }),
  });
}
