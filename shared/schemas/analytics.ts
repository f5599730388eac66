import { z } from 'zod';
import { wholeNumber } from './text.ts';
import { agentSchema } from './user.ts';

const AGENT_LIMIT_MESSAGE = 'limit must be a whole number from 1 to 50';

/** `GET /api/agents/performance?limit=5|50`: agents with this week's figures, best score first. */
export const agentPerformanceQuerySchema = z.object({
  limit: z.preprocess(
    (v) => (v === undefined || v === '' ? '50' : v),
    wholeNumber(AGENT_LIMIT_MESSAGE, 2).pipe(z.number().min(1, AGENT_LIMIT_MESSAGE).max(50, AGENT_LIMIT_MESSAGE)),
  ),
});
export const agentPerformanceListSchema = z.array(agentSchema);

export const INSIGHT_TYPES = ['prediction', 'optimization', 'alert', 'satisfaction'] as const;
export const INSIGHT_SEVERITIES = ['critical', 'warning', 'info'] as const;

/** One card of `GET /api/analytics/insights`, computed from the data (never fixed text). */
export const insightSchema = z.object({
  /** Stable per rule, so the SPA can key cards and tests can look for a rule. */
  id: z.string(),
  type: z.enum(INSIGHT_TYPES),
  severity: z.enum(INSIGHT_SEVERITIES),
  title: z.string(),
  description: z.string(),
  /** The recommended action, when there is one. */
  action: z.string().nullable(),
});
export type Insight = z.infer<typeof insightSchema>;
export const insightListSchema = z.array(insightSchema);
