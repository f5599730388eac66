import { createFileRoute } from '@tanstack/react-router';
import { AllTicketsPage } from '../../../features/tickets/AllTicketsPage.tsx';
import { parseTicketsSearch } from '../../../features/tickets/tickets-search.ts';

export const Route = createFileRoute('/$role/_signedIn/tickets')({
  validateSearch: parseTicketsSearch,
  component: AllTicketsPage,
});
