import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { SECTION_TITLES } from '../../lib/sections.ts';

/** Agent management, admin and manager (SPEC.md §2); the screen itself is a later task. */
export function AgentManagementPage() {
  return <PageHeader title={SECTION_TITLES.agents} />;
}
