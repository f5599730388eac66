import { lazy, Suspense } from 'react';
import type { Role } from '#shared/constants.ts';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { DashboardLoading } from '../../features/dashboard/DashboardLoading.tsx';
import { useT } from '../../i18n/react.tsx';
import { SECTION_TITLES } from '../../lib/sections.ts';
const loadDashboardScreen = () => import('./-dashboard-screen.tsx');
const DashboardScreen = lazy(loadDashboardScreen);

/** Starts downloading the panels' code before the dashboard renders (the route's loader calls it). */
export const preloadDashboardScreen = () => loadDashboardScreen();

/**
 * The dashboard, loaded only once someone is signed in (routes/$role/index.tsx): this small part reads 'Loading
 * dashboard...' while the panels' code downloads.
 */
export default function Dashboard({ role }: { role: Role }) {
  const t = useT();
  return (
    <Suspense
      fallback={
        <>
          <PageHeader title={t(SECTION_TITLES.dashboard)} />
          <DashboardLoading />
        </>
      }
    >
      <DashboardScreen role={role} />
    </Suspense>
  );
}
