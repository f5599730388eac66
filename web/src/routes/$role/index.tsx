import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { LoginPage } from '../../features/auth/LoginPage.tsx';
import { useCurrentUser } from '../../features/auth/queries.ts';

// The sign-in page and the dashboard share this URL: the dashboard's code and data load only once someone is signed
// in, so the sign-in page does not wait for them.
const Dashboard = lazy(() => import('./-dashboard.tsx'));

export const Route = createFileRoute('/$role/')({
  loader: async ({ context: { user, queryClient } }) => {
    if (!user) return;
    // The dashboard's code downloads while its reads run, the part that says it is loading first, then the panels;
    // React.lazy picks the same modules up when it renders.
    import('./-dashboard.tsx')
      .then((dashboard) => dashboard.preloadDashboardScreen())
      .catch(() => {
        // Not fatal here: rendering the dashboard imports it again and shows the route's error if that fails too.
      });
    const { prefetchDashboard } = await import('../../features/dashboard/prefetch.ts');
    prefetchDashboard(queryClient, user.role);
  },
  component: RoleHome,
});

function RoleHome() {
  const { role } = Route.useParams();
  const user = useCurrentUser();
  return user ? (
    <Suspense fallback={null}>
      <Dashboard role={user.role} />
    </Suspense>
  ) : (
    <LoginPage variant={role} />
  );
}
