import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { SECTION_TITLES } from '../../lib/sections.ts';

/** Personal settings (SPEC.md §2 Settings); the screen itself is a later task. */
export function SettingsPage() {
  return <PageHeader title={SECTION_TITLES.settings} />;
}
