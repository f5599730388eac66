import { createFileRoute, notFound } from '@tanstack/react-router';
import { ScreenError, ScreenPending } from '../../../components/ScreenStates.tsx';
import { AuditPage } from '../../../features/audit/AuditPage.tsx';
import { parseAuditSearch } from '../../../features/audit/audit-search.ts';
import { loadAuditLog } from '../../../features/audit/queries.ts';
import { canOpen } from '../../../lib/sections.ts';

export const Route = createFileRoute('/$role/_signedIn/audit')({
  validateSearch: parseAuditSearch,
  beforeLoad: ({ params }) => {
    if (!canOpen(params.role, 'audit')) throw notFound();
  },
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { user, queryClient }, deps }) => {
    if (user) await loadAuditLog(queryClient, deps);
  },
  pendingComponent: () => <ScreenPending section="audit" label="audit.loading" />,
  errorComponent: (props) => <ScreenError {...props} section="audit" title="audit.loadFailed" />,
  component: AuditPage,
});
