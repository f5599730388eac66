import { createFileRoute, notFound } from '@tanstack/react-router';
import { AnalyticsPage } from '../../../features/analytics/AnalyticsPage.tsx';
import { canOpen } from '../../../lib/sections.ts';

export const Route = createFileRoute('/$role/_signedIn/analytics')({
  beforeLoad: ({ params }) => {
    if (!canOpen(params.role, 'analytics')) throw notFound();
  },
  component: AnalyticsPage,
});
