import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, CreateApiKeyInput, CreatedApiKey } from '#shared/schemas/api-key.ts';
import type { CreatedWebhook, CreateWebhookInput, Webhook, WebhookDelivery } from '#shared/schemas/webhook.ts';
import { api } from '../../lib/api.ts';
import type { ApprovalRequested } from '#shared/schemas/approval.ts';
import { useInvalidateApprovals } from '../approvals/queries.ts';

export const integrationKeys = {
  all: ['integrations'] as const,
  apiKeys: () => [...integrationKeys.all, 'api-keys'] as const,
  webhooks: () => [...integrationKeys.all, 'webhooks'] as const,
  deliveries: (webhookId: string) => [...integrationKeys.webhooks(), webhookId, 'deliveries'] as const,
};

/** How often an open deliveries list looks for news (retries, the test just sent). */
export const DELIVERIES_REFRESH_MS = 3_000;

/** Every API key, newest first, revoked ones included. */
export const apiKeysQuery = () =>
  queryOptions({
    queryKey: integrationKeys.apiKeys(),
    queryFn: ({ signal }) => api.get<ApiKey[]>('/api/api-keys', { signal }),
  });

/** Every webhook, newest first. */
export const webhooksQuery = () =>
  queryOptions({
    queryKey: integrationKeys.webhooks(),
    queryFn: ({ signal }) => api.get<Webhook[]>('/api/webhooks', { signal }),
  });

/** A webhook's last 100 deliveries, refreshed while shown. */
export const webhookDeliveriesQuery = (webhookId: string) =>
  queryOptions({
    queryKey: integrationKeys.deliveries(webhookId),
    queryFn: ({ signal }) =>
      api.get<WebhookDelivery[]>(`/api/webhooks/${encodeURIComponent(webhookId)}/deliveries`, { signal }),
    refetchInterval: DELIVERIES_REFRESH_MS,
  });

function useInvalidate(queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey });
}

/** `POST /api/api-keys`: the answer holds the secret, shown once. */
export function useCreateApiKeyMutation() {
  const invalidate = useInvalidate(integrationKeys.apiKeys());
  const invalidateApprovals = useInvalidateApprovals();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => api.post<CreatedApiKey | ApprovalRequested>('/api/api-keys', input),
    onSuccess: () => Promise.all([invalidate(), invalidateApprovals()]),
  });
}

/** `DELETE /api/api-keys/{id}`. */
export function useRevokeApiKeyMutation() {
  const invalidate = useInvalidate(integrationKeys.apiKeys());
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/api-keys/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}

/** `POST /api/webhooks`: the answer holds the signing secret, shown once. */
export function useCreateWebhookMutation() {
  const invalidate = useInvalidate(integrationKeys.webhooks());
  const invalidateApprovals = useInvalidateApprovals();
  return useMutation({
    mutationFn: (input: CreateWebhookInput) => api.post<CreatedWebhook | ApprovalRequested>('/api/webhooks', input),
    onSuccess: () => Promise.all([invalidate(), invalidateApprovals()]),
  });
}

/** `DELETE /api/webhooks/{id}`. */
export function useDeleteWebhookMutation() {
  const invalidate = useInvalidate(integrationKeys.webhooks());
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/webhooks/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}

/** `POST /api/webhooks/{id}/test`: a ping, whose delivery then shows in the list. */
export function useTestWebhookMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ queued: true }>(`/api/webhooks/${encodeURIComponent(id)}/test`),
    onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: integrationKeys.deliveries(id) }),
  });
}
