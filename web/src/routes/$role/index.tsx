import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { LoginPage } from '../../features/auth/LoginPage.tsx';
import { useCurrentUser } from '../../features/auth/queries.ts';

// The sign-in page and the dashboard share this URL: the dashboard's code loads only once someone is signed in,
// so the sign-in page does not wait for it.
const DashboardPage = lazy(() =>
  import('../../features/dashboard/DashboardPage.tsx').then((m) => ({ default: m.DashboardPage })),
);

export const Route = createFileRoute('/$role/')({
  component: RoleHome,
});

function RoleHome() {
  const { role } = Route.useParams();
  const user = useCurrentUser();
  return user ? (
    <Suspense fallback={null}>
      <DashboardPage />
    </Suspense>
  ) : (
    <LoginPage variant={role} />
  );
}
