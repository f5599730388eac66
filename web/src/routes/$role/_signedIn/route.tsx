import { Outlet, createFileRoute } from '@tanstack/react-router';
import { SignedOutNotice } from '../../../features/auth/SignedOutNotice.tsx';
import { useCurrentUser } from '../../../features/auth/queries.ts';

/** Pages below a role's base need a session; without one the user is told and sent to sign in. */
export const Route = createFileRoute('/$role/_signedIn')({
  component: SignedInOnly,
});

function SignedInOnly() {
  const user = useCurrentUser();
  return user ? <Outlet /> : <SignedOutNotice />;
}
