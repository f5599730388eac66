import * as z from 'zod';
import { LIST_LIMITS } from '../constants.ts';
import { issueText, type MessageKey } from '../i18n/messages.ts';
import { wholeNumber } from './text.ts';

const AGENT_LIMIT_MESSAGE = issueText('validation.limit.invalid', { max: LIST_LIMITS.agentPerformance });

/** `GET /api/agents/performance?limit=5|50`: agents with this week's figures, best score first. */
export const agentPerformanceQuerySchema = z.object({
  limit: z.preprocess(
    (v) => (v === undefined || v === '' ? String(LIST_LIMITS.agentPerformance) : v),
    wholeNumber(AGENT_LIMIT_MESSAGE, 2).pipe(
      z.number().min(1, AGENT_LIMIT_MESSAGE).max(LIST_LIMITS.agentPerformance, AGENT_LIMIT_MESSAGE),
    ),
  ),
});

export const INSIGHT_TYPES = ['prediction', 'optimization', 'alert', 'satisfaction'] as const;
export const INSIGHT_SEVERITIES = ['critical', 'warning', 'info'] as const;

/** A text of the message registry: its key and ICU arguments (shared/i18n/messages.ts). */
const textSchema = z.object({
  code: z.custom<MessageKey>((value) => typeof value === 'string'),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

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
  /**
   * The same three texts as message codes and arguments of the registry (shared/i18n/), from which the SPA shows
   * them in the reader's language; `title`, `description` and `action` are their English.
   */
  texts: z.object({ title: textSchema, description: textSchema, action: textSchema.nullable() }),
});
export type Insight = z.infer<typeof insightSchema>;
export const insightListSchema = z.array(insightSchema);
