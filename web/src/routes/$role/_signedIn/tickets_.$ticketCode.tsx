import { createFileRoute, notFound } from '@tanstack/react-router';
import { ticketNumberOfCode } from '#shared/format.ts';
import { ScreenError, ScreenPending } from '../../../components/ScreenStates.tsx';
import { ApiError } from '../../../lib/api.ts';
import { ticketDetailQuery } from '../../../features/tickets/queries.ts';
import { TicketPage } from '../../../features/tickets/TicketPage.tsx';

/** A ticket as a page (docs/product.md §2 "Ticket page"): `/agent/tickets/TKT-000042`. */
export const Route = createFileRoute('/$role/_signedIn/tickets_/$ticketCode')({
  loader: async ({ context: { user, queryClient }, params }) => {
    const id = ticketNumberOfCode(params.ticketCode);
    // Not a ticket code, or a ticket that does not exist (or that this person may not read): the 404 page.
    if (id === undefined) throw notFound();
    if (!user) return { id };
    try {
      await queryClient.ensureQueryData(ticketDetailQuery(id));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound();
      throw error;
    }
    return { id };
  },
  pendingComponent: () => <ScreenPending section="tickets" label="ticketPage.loading" />,
  errorComponent: (props) => <ScreenError {...props} section="tickets" title="tickets.linkedLoadFailed" />,
  component: TicketPage,
});
