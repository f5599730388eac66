import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Approval, ApprovalList, ApprovalRequested } from '#shared/schemas/approval.ts';
import { api } from '../../lib/api.ts';

export const approvalKeys = {
  all: ['approvals'] as const,
  list: () => [...approvalKeys.all, 'list'] as const,
};

/** Requests waiting for a second admin, and the last decided ones (`GET /api/approvals`; admins only). */
export const approvalsQuery = () =>
  queryOptions({
    queryKey: approvalKeys.list(),
    queryFn: ({ signal }) => api.get<ApprovalList>('/api/approvals', { signal }),
  });

/** Whether an answer is a guarded action held for a second admin (202, docs/decisions/095-four-eyes-approval.md). */
export function isPendingApproval(value: unknown): value is ApprovalRequested {
  if (typeof value !== 'object' || value === null) return false;
  const answer = value as Partial<ApprovalRequested>;
  return answer.status === 'pending' && typeof answer.approvalId === 'string';
}

/** The list is out of date once a guarded action was held or a request decided. */
export function useInvalidateApprovals() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: approvalKeys.all });
}

/**
 * `POST /api/approvals/{id}/approve`: the action runs. Everything it may change is read again (staff, keys, webhooks,
 * settings, a ticket's files), so the whole cache is marked stale.
 */
export function useApproveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<Approval>(`/api/approvals/${encodeURIComponent(id)}/approve`),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

/** `POST /api/approvals/{id}/reject` with the reason. */
export function useRejectMutation() {
  const invalidate = useInvalidateApprovals();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.post<Approval>(`/api/approvals/${encodeURIComponent(id)}/reject`, { reason }),
    onSettled: invalidate,
  });
}

/** `POST /api/approvals/{id}/secret`: the requester's one look at the secret their approved request made. */
export function useRevealSecretMutation() {
  const invalidate = useInvalidateApprovals();
  return useMutation({
    mutationFn: (id: string) => api.post<{ secret: string }>(`/api/approvals/${encodeURIComponent(id)}/secret`),
    onSettled: invalidate,
  });
}
