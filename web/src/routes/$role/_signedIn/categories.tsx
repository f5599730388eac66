import { createFileRoute, notFound } from '@tanstack/react-router';
import { CategoryManagementPage } from '../../../features/categories/CategoryManagementPage.tsx';
import { canOpen } from '../../../lib/sections.ts';

export const Route = createFileRoute('/$role/_signedIn/categories')({
  beforeLoad: ({ params }) => {
    if (!canOpen(params.role, 'categories')) throw notFound();
  },
  component: CategoryManagementPage,
});
