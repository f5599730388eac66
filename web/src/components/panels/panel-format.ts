/**
 * Display rules of the panels the dashboard and AI Analytics share (docs/product.md §2, §9), kept apart from the
 * components so each boundary is tested directly.
 */
import { PERFORMANCE_THRESHOLDS, type VolumePeriod } from '#shared/constants.ts';
import { MESSAGES } from '#shared/messages.ts';
import type { VolumeData } from '#shared/schemas/dashboard.ts';

/** The period the volume panel opens with. */
export const DEFAULT_VOLUME_PERIOD: VolumePeriod = 7;

/** Colour palette of an agent's performance score: green at 90 or above, blue at 70 or above, orange below. */
export function performancePalette(score: number): 'green' | 'blue' | 'orange' {
  if (score >= PERFORMANCE_THRESHOLDS.good) return 'green';
  if (score >= PERFORMANCE_THRESHOLDS.fair) return 'blue';
  return 'orange';
}

/** 'N/5 rating' with one decimal (4.25 → '4.3/5 rating'), or 'No rating yet' when nobody rated. */
export function ratingText(rating: number | null | undefined): string {
  return rating == null ? MESSAGES.noRatingYet : `${rating.toFixed(1)}/5 rating`;
}

/** Totals of a volume series, for the visible summary and the chart's description. */
export function volumeTotals(data: VolumeData): { created: number; resolved: number } {
  return data.reduce(
    (totals, day) => ({ created: totals.created + day.created, resolved: totals.resolved + day.resolved }),
    { created: 0, resolved: 0 },
  );
}

const DAY_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * A volume day ('2025-03-07', a UTC calendar day) as 'Mar 7'; never shifted by the viewer's timezone. Anything else
 * is shown as given: chart libraries call formatters with values of their own, and a label must never throw.
 */
export function formatVolumeDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) ? day : DAY_LABEL.format(date);
}
