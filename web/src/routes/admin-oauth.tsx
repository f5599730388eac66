import { createFileRoute } from '@tanstack/react-router';
import { OrganizationLoginPage } from '../features/auth/OrganizationLoginPage.tsx';
import { redirectSignedInUser } from '../features/auth/guards.ts';

export const Route = createFileRoute('/admin-oauth')({
  beforeLoad: ({ context }) => redirectSignedInUser(context.queryClient),
  component: OrganizationLoginPage,
});
