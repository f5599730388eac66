import { createFileRoute, notFound } from '@tanstack/react-router';
import { ScreenError, ScreenPending } from '../../../components/ScreenStates.tsx';
import { IntegrationsPage } from '../../../features/integrations/IntegrationsPage.tsx';
import { apiKeysQuery, webhooksQuery } from '../../../features/integrations/queries.ts';
import { canOpen } from '../../../lib/sections.ts';

export const Route = createFileRoute('/$role/_signedIn/integrations')({
  beforeLoad: ({ params }) => {
    if (!canOpen(params.role, 'integrations')) throw notFound();
  },
  loader: async ({ context: { user, queryClient } }) => {
    if (!user) return;
    await Promise.all([queryClient.ensureQueryData(apiKeysQuery()), queryClient.ensureQueryData(webhooksQuery())]);
  },
  pendingComponent: () => <ScreenPending section="integrations" label="integrations.loading" />,
  errorComponent: (props) => <ScreenError {...props} section="integrations" title="integrations.loadFailed" />,
  component: IntegrationsPage,
});
