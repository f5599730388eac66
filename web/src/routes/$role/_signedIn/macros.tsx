import { createFileRoute, notFound } from '@tanstack/react-router';
import { ScreenError, ScreenPending } from '../../../components/ScreenStates.tsx';
import { MacrosPage } from '../../../features/macros/MacrosPage.tsx';
import { macrosQuery } from '../../../features/macros/queries.ts';
import { canOpen } from '../../../lib/sections.ts';

export const Route = createFileRoute('/$role/_signedIn/macros')({
  beforeLoad: ({ params }) => {
    if (!canOpen(params.role, 'macros')) throw notFound();
  },
  loader: async ({ context: { user, queryClient } }) => {
    if (user) await queryClient.ensureQueryData(macrosQuery());
  },
  pendingComponent: () => <ScreenPending section="macros" label="macros.loading" />,
  errorComponent: (props) => <ScreenError {...props} section="macros" title="macros.loadFailedTitle" />,
  component: MacrosPage,
});
