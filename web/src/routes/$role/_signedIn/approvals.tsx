import { createFileRoute, notFound } from '@tanstack/react-router';
import { ScreenError, ScreenPending } from '../../../components/ScreenStates.tsx';
import { PendingApprovalsPage } from '../../../features/approvals/PendingApprovalsPage.tsx';
import { approvalsQuery } from '../../../features/approvals/queries.ts';
import { canOpen } from '../../../lib/sections.ts';

export const Route = createFileRoute('/$role/_signedIn/approvals')({
  beforeLoad: ({ params }) => {
    if (!canOpen(params.role, 'approvals')) throw notFound();
  },
  loader: async ({ context: { user, queryClient } }) => {
    if (user) await queryClient.ensureQueryData(approvalsQuery());
  },
  pendingComponent: () => <ScreenPending section="approvals" label="approvals.loading" />,
  errorComponent: (props) => <ScreenError {...props} section="approvals" title="approvals.loadFailed" />,
  component: PendingApprovalsPage,
});
