import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Outlet, createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { AlarmProvider, type TicketsChanged } from '../../../features/alarms/AlarmProvider.tsx';
import { SignedOutNotice } from '../../../features/auth/SignedOutNotice.tsx';
import { useCurrentUser } from '../../../features/auth/queries.ts';
import { dashboardKeys } from '../../../features/dashboard/queries.ts';
import { ticketKeys } from '../../../features/tickets/queries.ts';
import { userSettingsQuery } from '../../../lib/user-settings.ts';

/** Pages below a role's base need a session; without one the user is told and sent to sign in. */
export const Route = createFileRoute('/$role/_signedIn')({
  component: SignedInOnly,
});

function SignedInOnly() {
  const user = useCurrentUser();
  return user ? (
    <LiveUpdates userId={user.id}>
      <Outlet />
    </LiveUpdates>
  ) : (
    <SignedOutNotice />
  );
}

/**
 * The alarm socket of the signed-in user: alarms are presented, and every ticket change refreshes the lists,
 * the dashboard figures and the changed tickets' details, conversations and histories on screen, without a reload.
 */
function LiveUpdates({ userId, children }: { userId: string; children: React.ReactNode }) {
  const queryClient = useQueryClient();
  const { data: settings } = useQuery(userSettingsQuery());
  const onTicketsChanged = useCallback(
    ({ ticketIds }: TicketsChanged) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
        ...ticketIds.flatMap((id) => [
          queryClient.invalidateQueries({ queryKey: ticketKeys.detail(id) }),
          queryClient.invalidateQueries({ queryKey: ticketKeys.history(id) }),
          // A customer's e-mail joins the thread without anyone here doing anything: the open conversation shows it.
          queryClient.invalidateQueries({ queryKey: ticketKeys.comments(id) }),
          queryClient.invalidateQueries({ queryKey: ticketKeys.mailStatus(id) }),
        ]),
      ]),
    [queryClient],
  );
  const navigate = useNavigate();
  const { role } = Route.useParams();
  const onOpenTicket = useCallback(
    (ticketCode: string) => void navigate({ to: '/$role/tickets/$ticketCode', params: { role, ticketCode } }),
    [navigate, role],
  );
  return (
    <AlarmProvider
      userId={userId}
      preferences={settings}
      onTicketsChanged={onTicketsChanged}
      onOpenTicket={onOpenTicket}
    >
      {children}
    </AlarmProvider>
  );
}
