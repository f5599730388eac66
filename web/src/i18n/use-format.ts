import { useMemo } from 'react';
import { useUserTimezone } from '../lib/user-settings.ts';
import {
  formatChange,
  formatDate,
  formatDateTime,
  formatDay,
  formatDuration,
  formatNumber,
  formatPercent,
  formatResponseTime,
  formatWholePercent,
} from './format.ts';
import { useLanguage, useT } from './react.tsx';

/** Formats of the reader's language (./format.ts), dates in the time zone of their Settings. */
export function useFormat() {
  const t = useT();
  const language = useLanguage();
  const timeZone = useUserTimezone();
  return useMemo(
    () => ({
      language,
      timeZone,
      dateTime: (value: string | Date) => formatDateTime(value, language, timeZone),
      date: (value: string | Date) => formatDate(value, language, timeZone),
      day: (day: string) => formatDay(day, language),
      number: (value: number) => formatNumber(value, language),
      percent: (value: number) => formatPercent(value, language),
      wholePercent: (value: number) => formatWholePercent(value, language),
      change: (value: number) => formatChange(value, language),
      duration: (parts: Parameters<typeof formatDuration>[0]) => formatDuration(parts, language),
      /** 'N/A' (translated) before anything was measured. */
      responseTime: (minutes: number | null | undefined) =>
        formatResponseTime(minutes, language) ?? t('common.notAvailable'),
    }),
    [language, timeZone, t],
  );
}
