import { createFileRoute } from '@tanstack/react-router';
import { ScreenError, ScreenPending } from '../../../components/ScreenStates.tsx';
import { AllTicketsPage } from '../../../features/tickets/AllTicketsPage.tsx';
import { canListStaff } from '../../../features/tickets/permissions.ts';
import { loadTicketList, staffQuery } from '../../../features/tickets/queries.ts';
import { allTicketsFilters, parseTicketsSearch } from '../../../features/tickets/tickets-search.ts';

export const Route = createFileRoute('/$role/_signedIn/tickets')({
  validateSearch: parseTicketsSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { user, queryClient }, deps, cause }) => {
    if (!user) return;
    // The assignee chip names the person: the staff list, for those who may read it.
    if (deps.assignedToId && deps.assignedToId !== user.id && canListStaff(user.role)) {
      void queryClient.prefetchQuery(staffQuery());
    }
    await loadTicketList(queryClient, allTicketsFilters(deps), cause);
  },
  pendingComponent: () => <ScreenPending section="tickets" label="tickets.loading" />,
  errorComponent: (props) => <ScreenError {...props} section="tickets" title="tickets.loadFailed" />,
  component: AllTicketsPage,
});
