import { createFileRoute } from '@tanstack/react-router';
import { AllTicketsPage } from '../../../features/tickets/AllTicketsPage.tsx';

export const Route = createFileRoute('/$role/_signedIn/tickets')({
  component: AllTicketsPage,
});
