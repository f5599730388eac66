import * as z from 'zod';
import { PRIORITIES, TICKET_STATUSES, TICKET_TYPES, VOLUME_PERIODS } from '../constants.ts';
import { issueText } from '../i18n/messages.ts';

const countsOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.object(Object.fromEntries(values.map((v) => [v, z.number().int()])) as Record<T[number], z.ZodNumber>);

/**
 * Percent change of a card's figure, one decimal; null when the earlier figure is zero or unknown.
 * - totalTickets: tickets created in the last 7 days against the 7 days before (the total itself only grows);
 * - openTickets: open tickets now against open tickets 7 days ago;
 * - avgResponseTime: mean first-response time of tickets first answered in the last 7 days against the 7 before;
 * - resolutionRate: the resolution rate now against the rate 7 days ago.
 */
export const metricChangesSchema = z.object({
  totalTickets: z.number().nullable(),
  openTickets: z.number().nullable(),
  avgResponseTime: z.number().nullable(),
  resolutionRate: z.number().nullable(),
});

/** `GET /api/dashboard/metrics`: read from aggregate items, never from the tickets themselves. */
export const dashboardMetricsSchema = z.object({
  overview: z.object({
    totalTickets: z.number().int(),
    openTickets: z.number().int(),
    inProgressTickets: z.number().int(),
    resolvedTickets: z.number().int(),
    closedTickets: z.number().int(),
    /** Unresolved tickets the overdue job (or a priority change) has marked. */
    overdueTickets: z.number().int(),
  }),
  /** Mean minutes to the first staff response over every ticket that had one; null before the first. */
  avgResponseTime: z.number().nullable(),
  /** Resolved plus closed, as a percentage of all tickets, one decimal; 0 with no tickets. */
  resolutionRate: z.number(),
  byStatus: countsOf(TICKET_STATUSES),
  byPriority: countsOf(PRIORITIES),
  byType: countsOf(TICKET_TYPES),
  changes: metricChangesSchema,
});
export type DashboardMetrics = z.infer<typeof dashboardMetricsSchema>;

/** `GET /api/dashboard/priority-distribution`: every priority, lowest first, zeros included. */
export const priorityDistributionSchema = z.array(z.object({ priority: z.enum(PRIORITIES), count: z.number().int() }));
export type PriorityDistribution = z.infer<typeof priorityDistributionSchema>;

export const volumeDataQuerySchema = z.object({
  days: z
    .preprocess(
      // Canonical digits only ("0x1e" and "3e1" are not 30).
      (v) => (v === '' ? 7 : typeof v === 'string' && /^[1-9][0-9]{0,2}$/.test(v) ? Number(v) : v),
      z.union(
        VOLUME_PERIODS.map((n) => z.literal(n)),
        { message: issueText('validation.days.invalid', { values: VOLUME_PERIODS.join(', ') }) },
      ),
    )
    // Absent, it is 7; `prefault` (not `default`) so the OpenAPI document shows it optional with that default.
    .prefault(7),
});

/**
 * `GET /api/dashboard/volume-data?days=7|30|90`: one entry per UTC day, oldest first, ending today, zero-filled.
 * `resolved` counts tickets by the day of their current resolution (a reopened ticket no longer counts).
 */
export const volumeDataSchema = z.array(
  z.object({ date: z.string(), created: z.number().int(), resolved: z.number().int() }),
);
export type VolumeData = z.infer<typeof volumeDataSchema>;

/** `GET /api/analytics/category-usage`: tickets currently filed under each category, most used first. */
export const categoryUsageSchema = z.array(
  z.object({ category: z.string(), displayName: z.string(), color: z.string(), count: z.number().int() }),
);
export type CategoryUsage = z.infer<typeof categoryUsageSchema>;

/** Met and breached counts of one SLA target over the period, and the percent met (null when none was settled). */
export const attainmentSchema = z.object({
  met: z.number().int(),
  breached: z.number().int(),
  percent: z.number().nullable(),
});

/**
 * `GET /api/dashboard/sla-attainment?days=7|30|90`: first-response and resolution attainment over the last days (a
 * target counts on the UTC day it was settled: answered, resolved), for the desk and per agent credited (agents with a
 * settled target in the period, by name).
 */
export const slaAttainmentSchema = z.object({
  days: z.number().int(),
  firstResponse: attainmentSchema,
  resolution: attainmentSchema,
  agents: z.array(
    z.object({
      agentId: z.string(),
      name: z.string(),
      firstResponse: attainmentSchema,
      resolution: attainmentSchema,
    }),
  ),
});
export type SlaAttainment = z.infer<typeof slaAttainmentSchema>;
