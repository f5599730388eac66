import { createFileRoute } from '@tanstack/react-router';
import { RoleChooserPage } from '../features/auth/RoleChooserPage.tsx';
import { redirectSignedInUser } from '../features/auth/guards.ts';

export const Route = createFileRoute('/')({
  beforeLoad: ({ context }) => redirectSignedInUser(context.queryClient),
  component: RoleChooserPage,
});
