import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { redirectSignedInUser } from '../features/auth/guards.ts';

// The target of the 'Agent? Click here to login' link on /admin-oauth.
export const Route = createFileRoute('/agent-login')({
  beforeLoad: ({ context }) => redirectSignedInUser(context.queryClient),
  component: AgentLogin,
});

function AgentLogin() {
  return <LoginPage variant="agent" />;
}
