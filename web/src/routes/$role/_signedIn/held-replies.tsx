import { createFileRoute, notFound } from '@tanstack/react-router';
import { ScreenError, ScreenPending } from '../../../components/ScreenStates.tsx';
import { HeldRepliesPage } from '../../../features/compliance/HeldRepliesPage.tsx';
import { guardTermsQuery, heldRepliesQuery } from '../../../features/compliance/queries.ts';
import { canOpen } from '../../../lib/sections.ts';

export const Route = createFileRoute('/$role/_signedIn/held-replies')({
  beforeLoad: ({ params }) => {
    if (!canOpen(params.role, 'held-replies')) throw notFound();
  },
  loader: async ({ context: { user, queryClient } }) => {
    if (!user?.compliance) return;
    // Each part shows its own error state: a failed read shows there, not as the whole screen's error.
    await Promise.allSettled([
      queryClient.ensureQueryData(heldRepliesQuery()),
      queryClient.ensureQueryData(guardTermsQuery()),
    ]);
  },
  pendingComponent: () => <ScreenPending section="held-replies" label="guard.loading" />,
  errorComponent: (props) => <ScreenError {...props} section="held-replies" title="guard.loadFailed" />,
  component: HeldRepliesPage,
});
