import { LIST_LIMITS, type Role } from '#shared/constants.ts';
import { DEFAULT_VOLUME_PERIOD } from '../../components/panels/panel-format.ts';
import { canOpen } from '../../lib/sections.ts';

/**
 * The URLs of the reads a role's dashboard starts as it opens (`prefetchDashboard`, prefetch.ts), for index.html's
 * script: on a signed-in reload of a role's dashboard it asks for them beside the app's entry (web/app-frame.ts), and
 * the app's own requests for the same URLs take the answers the browser already holds, instead of waiting for the
 * route's code to arrive before asking (ADR 101, amendment of 2026-11-28 (3)). prefetch.test.ts keeps this list and the
 * requests prefetchDashboard makes the same.
 */
export function dashboardReadUrls(role: Role): string[] {
  const urls = [
    '/api/dashboard/metrics',
    '/api/dashboard/priority-distribution',
    `/api/dashboard/volume-data?days=${DEFAULT_VOLUME_PERIOD}`,
    '/api/tickets/overdue',
    `/api/tickets?limit=${LIST_LIMITS.dashboardTickets}`,
  ];
  // Agents are refused the analytics reads, so they are not asked for.
  if (canOpen(role, 'analytics'))
    urls.push('/api/analytics/insights', `/api/agents/performance?limit=${LIST_LIMITS.topAgents}`);
  return urls;
}
