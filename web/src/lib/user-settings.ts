/**
 * The signed-in user's settings, read once and shared: the Settings page, the theme, the interface language, the alarm
 * preferences and the time zone that dates are shown in (i18n/format.ts) all read this one cache entry, so a save
 * updates all of them at once.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSettings } from '#shared/schemas/settings.ts';
import { api } from './api.ts';

/** The zone used until the settings arrive, and when they cannot be read: the docs/product.md §3 default. */
export const DEFAULT_TIMEZONE = 'UTC';

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
