/**
 * Dates as staff read them: always in the time zone of their Settings (docs/product.md §3 `timezone`, default UTC), never
 * the browser's, so two people looking at one ticket from different machines see the same times.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSettings } from '#shared/schemas/settings.ts';
import { api } from './api.ts';

/** The zone used until the settings arrive, and when they cannot be read: the docs/product.md §3 default. */
export const DEFAULT_TIMEZONE = 'UTC';

// Fixed, so that every screen and every test reads the same format whatever the browser's language.
const LOCALE = 'en-US';

/** Cache key of the signed-in user's settings; the Settings screen writes the same entry when it saves. */
export const userSettingsKeys = {
  all: ['user-settings'] as const,
};

/** `GET /api/user/settings` (docs/product.md §7: no retry). */
export const userSettingsQuery = () =>
  queryOptions({
    queryKey: userSettingsKeys.all,
    queryFn: ({ signal }) => api.get<UserSettings>('/api/user/settings', { signal }),
    retry: false,
  });

/** The signed-in user's time zone; the default while the settings load or when they fail to. */
export function useUserTimezone(): string {
  const { data } = useQuery({ ...userSettingsQuery(), select: (settings) => settings.timezone });
  return data ?? DEFAULT_TIMEZONE;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `Jan 6, 2025, 9:05 AM` in the given zone; an unreadable value gives an empty string. */
export function formatDateTime(value: string | Date, timeZone: string): string {
  const date = toDate(value);
  return date ? formatterFor(timeZone, { dateStyle: 'medium', timeStyle: 'short' }).format(date) : '';
}

/** `Jan 6, 2025` in the given zone; an unreadable value gives an empty string. */
export function formatDate(value: string | Date, timeZone: string): string {
  const date = toDate(value);
  return date ? formatterFor(timeZone, { dateStyle: 'medium' }).format(date) : '';
}
