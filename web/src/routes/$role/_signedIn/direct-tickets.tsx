import { createFileRoute } from '@tanstack/react-router';
import { DirectTicketsPage } from '../../../features/tickets/DirectTicketsPage.tsx';

export const Route = createFileRoute('/$role/_signedIn/direct-tickets')({
  component: DirectTicketsPage,
});
