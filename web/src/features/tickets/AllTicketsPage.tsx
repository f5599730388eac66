import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { SECTION_TITLES } from '../../lib/sections.ts';

/** All tickets list (SPEC.md §2 All Tickets); the screen itself is a later task. */
export function AllTicketsPage() {
  return <PageHeader title={SECTION_TITLES.tickets} />;
}
