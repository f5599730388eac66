import { createFileRoute, notFound } from '@tanstack/react-router';
import { LIST_LIMITS } from '#shared/constants.ts';
import { ScreenError, ScreenPending } from '../../../components/ScreenStates.tsx';
import { AgentManagementPage } from '../../../features/agents/AgentManagementPage.tsx';
import { agentsQuery } from '../../../features/agents/queries.ts';
import { agentPerformanceQuery } from '../../../features/analytics/queries.ts';
import { dashboardMetricsQuery } from '../../../features/dashboard/queries.ts';
import { canOpen } from '../../../lib/sections.ts';

export const Route = createFileRoute('/$role/_signedIn/agents')({
  beforeLoad: ({ params }) => {
    if (!canOpen(params.role, 'agents')) throw notFound();
  },
  loader: async ({ context: { user, queryClient } }) => {
    if (!user) return;
    // The ranking and the response time only add to the list: they are started, not waited for.
    void queryClient.prefetchQuery(agentPerformanceQuery(LIST_LIMITS.agentPerformance));
    void queryClient.prefetchQuery(dashboardMetricsQuery());
    await queryClient.ensureQueryData(agentsQuery());
  },
  pendingComponent: () => <ScreenPending section="agents" label="agents.loading" />,
  errorComponent: (props) => <ScreenError {...props} section="agents" title="agents.loadFailed" />,
  component: AgentManagementPage,
});
