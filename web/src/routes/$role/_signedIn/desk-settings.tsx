import { createFileRoute, notFound } from '@tanstack/react-router';
import { ScreenError, ScreenPending } from '../../../components/ScreenStates.tsx';
import { DeskSettingsPage } from '../../../features/desk-settings/DeskSettingsPage.tsx';
import { deskSettingsQuery } from '../../../features/settings/queries.ts';
import { canOpen } from '../../../lib/sections.ts';

export const Route = createFileRoute('/$role/_signedIn/desk-settings')({
  beforeLoad: ({ params }) => {
    if (!canOpen(params.role, 'desk-settings')) throw notFound();
  },
  loader: async ({ context: { user, queryClient } }) => {
    if (user) await queryClient.ensureQueryData(deskSettingsQuery());
  },
  pendingComponent: () => <ScreenPending section="desk-settings" label="deskSettings.loading" />,
  errorComponent: (props) => <ScreenError {...props} section="desk-settings" title="deskSettings.loadFailed" />,
  component: DeskSettingsPage,
});
