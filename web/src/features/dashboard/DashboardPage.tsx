import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { SECTION_TITLES } from '../../lib/sections.ts';

/** Role dashboard at the base path (SPEC.md §2 Dashboard Overview); the screen itself is a later task. */
export function DashboardPage() {
  return <PageHeader title={SECTION_TITLES.dashboard} />;
}
