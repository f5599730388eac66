import { createFileRoute } from '@tanstack/react-router';
import { ScreenError, ScreenPending } from '../../../components/ScreenStates.tsx';
import { DirectTicketsPage } from '../../../features/tickets/DirectTicketsPage.tsx';
import { loadTicketList } from '../../../features/tickets/queries.ts';
import { directTicketsFilters, parseListFilters } from '../../../features/tickets/tickets-search.ts';

export const Route = createFileRoute('/$role/_signedIn/direct-tickets')({
  validateSearch: parseListFilters,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { user, queryClient }, deps, cause }) =>
    user ? loadTicketList(queryClient, directTicketsFilters(deps), cause) : undefined,
  pendingComponent: () => <ScreenPending section="direct-tickets" label="tickets.loading" />,
  errorComponent: (props) => <ScreenError {...props} section="direct-tickets" title="tickets.loadFailed" />,
  component: DirectTicketsPage,
});
