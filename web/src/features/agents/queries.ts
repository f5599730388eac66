import { queryOptions, useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { LIST_LIMITS, type Role } from '#shared/constants.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import type { Agent, AgentRouting, CreateUserInput, StaffMember, User } from '#shared/schemas/user.ts';
import { api } from '../../lib/api.ts';
import { agentPerformanceQuery, analyticsKeys } from '../analytics/queries.ts';
import type { ApprovalRequested } from '#shared/schemas/approval.ts';
import { approvalKeys, useInvalidateApprovals } from '../approvals/queries.ts';

export const agentKeys = {
  all: ['agents'] as const,
  lists: () => [...agentKeys.all, 'list'] as const,
  list: () => [...agentKeys.lists(), 'staff'] as const,
  queue: () => [...agentKeys.all, 'queue'] as const,
};

/** Every staff member with this week's figures, availability and routing (`GET /api/agents`; admins and managers). */
export const agentsQuery = () =>
  queryOptions({
    queryKey: agentKeys.list(),
    queryFn: ({ signal }) => api.get<StaffMember[]>('/api/agents', { signal }),
  });

/** The tickets waiting for an agent, in the order they will be assigned (`GET /api/routing/queue`). */
export const routingQueueQuery = () =>
  queryOptions({
    queryKey: agentKeys.queue(),
    queryFn: ({ signal }) => api.get<Ticket[]>('/api/routing/queue', { signal }),
  });

/**
 * Overlays the ranked list's weekly figures on the staff list, matched by id. The ranked list is an enhancement:
 * without it (not loaded, or the server cannot rank yet) the staff list's own figures stand.
 */
export function withPerformance<T extends Agent>(agents: readonly T[], ranked: readonly Agent[] | undefined): T[] {
  if (!ranked) return [...agents];
  const weekById = new Map(ranked.map((agent) => [agent.id, agent.currentWeekPerformance]));
  return agents.map((agent) => ({
    ...agent,
    currentWeekPerformance: weekById.get(agent.id) ?? agent.currentWeekPerformance,
  }));
}

/**
 * The Agent Management list (loaded by the route, which waits for it), with the ranked figures folded in once they
 * arrive. Only the staff list's failure is an error (the route's): a ranking that fails leaves the list as it is.
 */
export function useAgentsWithPerformance(): StaffMember[] {
  const { data: agents } = useSuspenseQuery(agentsQuery());
  const ranked = useQuery(agentPerformanceQuery(LIST_LIMITS.agentPerformance));
  return withPerformance(agents, ranked.data);
}

/**
 * Staff changes show in every staff list under `agentKeys.all` (this page's, the ticket forms' assignable staff) and
 * in the rankings built from them (the dashboard's top 5, this page's 50).
 */
function useInvalidateAgents() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: agentKeys.all }),
      // A change held for a second admin shows on Pending Approvals instead.
      queryClient.invalidateQueries({ queryKey: approvalKeys.all }),
      ...[LIST_LIMITS.topAgents, LIST_LIMITS.agentPerformance].map((limit) =>
        queryClient.invalidateQueries({ queryKey: analyticsKeys.agentPerformance(limit) }),
      ),
    ]);
}

/** Creates a staff account (`POST /api/users`). */
export function useCreateUserMutation() {
  const invalidate = useInvalidateAgents();
  return useMutation({
    mutationFn: (input: CreateUserInput) => api.post<User | ApprovalRequested>('/api/users', input),
    onSuccess: invalidate,
  });
}

/** Changes a staff member's role (`PUT /api/users/{id}/role`). */
export function useUpdateRoleMutation() {
  const invalidate = useInvalidateAgents();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) =>
      api.put<User | ApprovalRequested>(`/api/users/${encodeURIComponent(id)}/role`, { role }),
    onSuccess: invalidate,
  });
}

/** Grants or withdraws the compliance permission (`PUT /api/users/{id}/permissions`; admins, never their own). */
export function useSetComplianceMutation() {
  const invalidate = useInvalidateAgents();
  return useMutation({
    mutationFn: ({ id, compliance }: { id: string; compliance: boolean }) =>
      api.put<User>(`/api/users/${encodeURIComponent(id)}/permissions`, { compliance }),
    onSuccess: invalidate,
  });
}

/**
 * Sets a new password for a staff member (`PUT /api/users/{id}/password`); the list does not change. Held for a
 * second admin, it shows on Pending Approvals.
 */
export function useResetPasswordMutation() {
  const invalidateApprovals = useInvalidateApprovals();
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      api.put<User | ApprovalRequested>(`/api/users/${encodeURIComponent(id)}/password`, { password }),
    onSuccess: invalidateApprovals,
  });
}

/** Deactivates a staff member (`DELETE /api/users/{id}`). */
export function useDeactivateUserMutation() {
  const invalidate = useInvalidateAgents();
  return useMutation({
    mutationFn: (id: string) => api.delete<User>(`/api/users/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}

/** Sets an agent's cap, categories and languages (`PUT /api/agents/{id}/routing`; admins and managers). */
export function useSetRoutingMutation() {
  const invalidate = useInvalidateAgents();
  return useMutation({
    mutationFn: ({ id, routing }: { id: string; routing: AgentRouting }) =>
      api.put<Pick<StaffMember, 'id' | 'routing'>>(`/api/agents/${encodeURIComponent(id)}/routing`, routing),
    onSuccess: invalidate,
  });
}
