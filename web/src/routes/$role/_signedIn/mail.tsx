import { createFileRoute, notFound } from '@tanstack/react-router';
import { ScreenError, ScreenPending } from '../../../components/ScreenStates.tsx';
import { MailDeliveryPage } from '../../../features/mail/MailDeliveryPage.tsx';
import { failedMailQuery, heldMailQuery, inboundRefusalsQuery } from '../../../features/mail/queries.ts';
import { deskSettingsQuery } from '../../../features/settings/queries.ts';
import { canOpen } from '../../../lib/sections.ts';

export const Route = createFileRoute('/$role/_signedIn/mail')({
  beforeLoad: ({ params }) => {
    if (!canOpen(params.role, 'mail')) throw notFound();
  },
  loader: async ({ context: { user, queryClient } }) => {
    if (!user) return;
    // Each table has its own error state: a failed read shows there, not as the whole screen's error.
    await Promise.allSettled([
      queryClient.ensureInfiniteQueryData(failedMailQuery()),
      queryClient.ensureInfiniteQueryData(heldMailQuery()),
      queryClient.ensureQueryData(inboundRefusalsQuery()),
      queryClient.ensureQueryData(deskSettingsQuery()),
    ]);
  },
  pendingComponent: () => <ScreenPending section="mail" label="mail.loadingPage" />,
  errorComponent: (props) => <ScreenError {...props} section="mail" title="mail.loadFailed" />,
  component: MailDeliveryPage,
});
