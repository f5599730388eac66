import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { redirectSignedInUser } from '../features/auth/guards.ts';

export const Route = createFileRoute('/staff')({
  beforeLoad: ({ context }) => redirectSignedInUser(context.queryClient),
  component: StaffLogin,
});

function StaffLogin() {
  return <LoginPage variant="staff" />;
}
