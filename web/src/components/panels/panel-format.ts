/**
 * Display rules of the panels the dashboard and AI Analytics share (docs/product.md §2, §9), kept apart from the
 * components so each boundary is tested directly.
 */
import { PERFORMANCE_THRESHOLDS, type VolumePeriod } from '#shared/constants.ts';
import type { VolumeData } from '#shared/schemas/dashboard.ts';
import { formatNumber } from '../../i18n/format.ts';
import type { Language } from '../../i18n/languages.ts';
import type { Translate } from '../../i18n/react.tsx';

/** The period the volume panel opens with. */
export const DEFAULT_VOLUME_PERIOD: VolumePeriod = 7;

/** Colour palette of an agent's performance score: green at 90 or above, blue at 70 or above, orange below. */
export function performancePalette(score: number): 'green' | 'blue' | 'orange' {
  if (score >= PERFORMANCE_THRESHOLDS.good) return 'green';
  if (score >= PERFORMANCE_THRESHOLDS.fair) return 'blue';
  return 'orange';
}

/** 'N/5 rating' with one decimal (4.25 → '4.3/5 rating'), or 'No rating yet' when nobody rated. */
export function ratingText(rating: number | null | undefined, t: Translate, language: Language): string {
  if (rating == null) return t('rating.none');
  return t('rating.outOfFive', {
    rating: formatNumber(Math.round(rating * 10) / 10, language, {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    }),
  });
}

/** Totals of a volume series, for the visible summary and the chart's description. */
export function volumeTotals(data: VolumeData): { created: number; resolved: number } {
  return data.reduce(
    (totals, day) => ({ created: totals.created + day.created, resolved: totals.resolved + day.resolved }),
    { created: 0, resolved: 0 },
  );
}
