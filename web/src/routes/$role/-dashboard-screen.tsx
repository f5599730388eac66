import type { Role } from '#shared/constants.ts';
import { DashboardPage } from '../../features/dashboard/DashboardPage.tsx';
import { LatestTickets } from '../../features/tickets/LatestTickets.tsx';
import { TicketActions } from '../../features/tickets/TicketActions.tsx';

/** A role's dashboard: the dashboard's panels with the tickets feature's Create and Assign Ticket and latest tickets. */
export default function DashboardScreen({ role }: { role: Role }) {
  return <DashboardPage role={role} actions={<TicketActions role={role} />} latestTickets={<LatestTickets />} />;
}
