import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { SECTION_TITLES } from '../../lib/sections.ts';

/** Category management, admin only (SPEC.md §2); the screen itself is a later task. */
export function CategoryManagementPage() {
  return <PageHeader title={SECTION_TITLES.categories} />;
}
