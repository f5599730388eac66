import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../../features/auth/LoginPage.tsx';
import { useCurrentUser } from '../../features/auth/queries.ts';
import { DashboardPage } from '../../features/dashboard/DashboardPage.tsx';

export const Route = createFileRoute('/$role/')({
  component: RoleHome,
});

function RoleHome() {
  const { role } = Route.useParams();
  const user = useCurrentUser();
  return user ? <DashboardPage /> : <LoginPage variant={role} />;
}
