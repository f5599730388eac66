import { createFileRoute, notFound } from '@tanstack/react-router';
import { AgentManagementPage } from '../../../features/agents/AgentManagementPage.tsx';
import { canOpen } from '../../../lib/sections.ts';

export const Route = createFileRoute('/$role/_signedIn/agents')({
  beforeLoad: ({ params }) => {
    if (!canOpen(params.role, 'agents')) throw notFound();
  },
  component: AgentManagementPage,
});
