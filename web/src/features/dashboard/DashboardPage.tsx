import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect } from 'react';
import { LIST_LIMITS, type Role } from '#shared/constants.ts';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { DashboardLoading } from './DashboardLoading.tsx';
import { SECTION_TITLES, canOpen } from '../../lib/sections.ts';
import { agentPerformanceQuery, insightsQuery } from '../analytics/queries.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { overdueTicketsQuery, priorityDistributionQuery } from './queries.ts';

// The role's base path shows the login form to signed-out visitors from the same route: the dashboard's panels load
// separately, so the sign-in page never downloads them.
const DashboardBody = lazy(() => import('./DashboardBody.tsx'));

/** Role dashboard at the base path (docs/product.md §2 Dashboard Overview). */
export function DashboardPage() {
  const user = useCurrentUser();
  // Only rendered signed in (routes/$role/index.tsx); the guard keeps TypeScript and a stray render honest.
  if (!user) return null;
  return <SignedInDashboard role={user.role} />;
}

function SignedInDashboard({ role }: { role: Role }) {
  const queryClient = useQueryClient();
  const analytics = canOpen(role, 'analytics');
  useEffect(() => {
    // The panels' reads start now, side by side with the download of their code, not after it. Agents are refused
    // the analytics reads, so they are never asked for them.
    void queryClient.prefetchQuery(priorityDistributionQuery());
    void queryClient.prefetchQuery(overdueTicketsQuery());
    if (!analytics) return;
    void queryClient.prefetchQuery(insightsQuery());
    void queryClient.prefetchQuery(agentPerformanceQuery(LIST_LIMITS.topAgents));
  }, [queryClient, analytics]);

  return (
    <Suspense
      fallback={
        <>
          <PageHeader title={SECTION_TITLES.dashboard} />
          <DashboardLoading />
        </>
      }
    >
      <DashboardBody role={role} />
    </Suspense>
  );
}
