import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userSettingsQuery } from '../lib/user-settings.ts';
import { setTheme } from './ui/color-mode.ts';

/**
 * Applies the signed-in user's saved theme (light, dark or system) to the whole app (./ui/color-mode.ts); mount it
 * once inside the signed-in layout. The choice is also remembered locally, so a reload paints in the right theme
 * before the settings arrive.
 */
export function ThemeFromSettings() {
  const { data: theme } = useQuery({ ...userSettingsQuery(), select: (settings) => settings.theme });
  useEffect(() => {
    if (theme) setTheme(theme);
  }, [theme]);
  return null;
}
