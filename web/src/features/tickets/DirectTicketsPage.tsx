import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { SECTION_TITLES } from '../../lib/sections.ts';

/** Direct tickets list (SPEC.md §2 Direct Tickets); the screen itself is a later task. */
export function DirectTicketsPage() {
  return <PageHeader title={SECTION_TITLES['direct-tickets']} />;
}
