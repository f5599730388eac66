import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FailedMailList, InboundRefusalCount } from '#shared/schemas/mail.ts';
import { api } from '../../lib/api.ts';

export const mailKeys = {
  all: ['mail'] as const,
  failed: () => [...mailKeys.all, 'failed'] as const,
  refusals: () => [...mailKeys.all, 'inbound-refusals'] as const,
};

/** E-mails set aside after failing, newest first, 25 a page (admins only). */
export const failedMailQuery = () =>
  infiniteQueryOptions({
    queryKey: mailKeys.failed(),
    queryFn: ({ pageParam, signal }) =>
      api.get<FailedMailList>(`/api/mail/failed${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, {
        signal,
      }),
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
