import { queryOptions } from '@tanstack/react-query';
import type { Insight } from '#shared/schemas/analytics.ts';
import type { CategoryUsage } from '#shared/schemas/dashboard.ts';
import type { Agent } from '#shared/schemas/user.ts';
import { ApiError, api } from '../../lib/api.ts';

/** Admin and manager analytics (`/api/analytics/*`, `/api/agents/performance`); agents are refused them. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  insights: () => [...analyticsKeys.all, 'insights'] as const,
  categoryUsage: () => [...analyticsKeys.all, 'category-usage'] as const,
  agentPerformance: (limit: number) => [...analyticsKeys.all, 'agent-performance', limit] as const,
};

/**
 * A list read where 501 means "the server does not compute this yet": the panel shows its empty state rather than
 * an error, so a runtime without that feature still renders a sensible dashboard.
 */
async function emptyWhenNotImplemented<T>(read: Promise<T[]>): Promise<T[]> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && error.status === 501) return [];
    throw error;
  }
}

/** Insight cards computed from the data. */
export const insightsQuery = () =>
  queryOptions({
    queryKey: analyticsKeys.insights(),
    queryFn: ({ signal }) => emptyWhenNotImplemented(api.get<Insight[]>('/api/analytics/insights', { signal })),
  });

/** Tickets filed under each category, most used first. */
export const categoryUsageQuery = () =>
  queryOptions({
    queryKey: analyticsKeys.categoryUsage(),
    queryFn: ({ signal }) => api.get<CategoryUsage>('/api/analytics/category-usage', { signal }),
  });

/** The best `limit` agents by this week's performance score, best first. */
export const agentPerformanceQuery = (limit: number) =>
  queryOptions({
    queryKey: analyticsKeys.agentPerformance(limit),
    queryFn: ({ signal }) =>
      emptyWhenNotImplemented(api.get<Agent[]>(`/api/agents/performance?limit=${limit}`, { signal })),
  });
