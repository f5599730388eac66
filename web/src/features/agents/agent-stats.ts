import type { Role } from '#shared/constants.ts';
import type { Agent } from '#shared/schemas/user.ts';

export interface AgentStats {
  total: number;
  active: number;
  /** Rounded mean performance score in percent; null while nobody has a score this week. */
  averagePerformance: number | null;
}

/**
 * The Agent Management cards (docs/product.md §2). The average covers staff who have a score this week: someone without
 * figures yet is unmeasured, not at 0%, and counting them would drag the figure down for no reason.
 */
export function agentStats(agents: readonly Agent[]): AgentStats {
  const scores = agents.flatMap((agent) =>
    agent.currentWeekPerformance ? [agent.currentWeekPerformance.performanceScore] : [],
  );
  const averagePerformance = scores.length
    ? Math.round(scores.reduce((sum, score) => sum + score, 0) / scores.length)
    : null;
  return { total: agents.length, active: agents.filter((agent) => agent.isActive).length, averagePerformance };
}

/** Role badge colours (docs/product.md §2): admin red, manager blue, agent green. */
export const ROLE_BADGE_PALETTES: Record<Role, string> = { admin: 'red', manager: 'blue', agent: 'green' };
