import { createFileRoute, notFound } from '@tanstack/react-router';
import { ScreenError, ScreenPending } from '../../../components/ScreenStates.tsx';
import { CategoryManagementPage } from '../../../features/categories/CategoryManagementPage.tsx';
import { allCategoriesQuery } from '../../../features/categories/queries.ts';
import { canOpen } from '../../../lib/sections.ts';

export const Route = createFileRoute('/$role/_signedIn/categories')({
  beforeLoad: ({ params }) => {
    if (!canOpen(params.role, 'categories')) throw notFound();
  },
  loader: async ({ context: { user, queryClient } }) => {
    if (user) await queryClient.ensureQueryData(allCategoriesQuery());
  },
  pendingComponent: () => <ScreenPending section="categories" label="categories.loading" />,
  errorComponent: (props) => <ScreenError {...props} section="categories" title="categories.loadFailed" />,
  component: CategoryManagementPage,
});
