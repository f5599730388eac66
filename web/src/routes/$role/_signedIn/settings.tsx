import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../../../features/settings/SettingsPage.tsx';
import { userSettingsQuery } from '../../../features/settings/queries.ts';

export const Route = createFileRoute('/$role/_signedIn/settings')({
  // Started, not waited for: the Security tab works without the stored settings, the other tabs wait for them.
  loader: ({ context: { user, queryClient } }) => {
    if (user) void queryClient.prefetchQuery(userSettingsQuery());
  },
  component: SettingsPage,
});
