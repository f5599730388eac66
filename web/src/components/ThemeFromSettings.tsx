import { useQuery } from '@tanstack/react-query';
import { useTheme } from 'next-themes';
import { useEffect } from 'react';
import { userSettingsQuery } from '../lib/user-settings.ts';

/**
 * Applies the signed-in user's saved theme (light, dark or system) to the whole app through next-themes; mount
 * it once inside the signed-in layout. next-themes also remembers the choice locally, so a reload paints in the
 * right theme before the settings arrive.
 */
export function ThemeFromSettings() {
  const { data: theme } = useQuery({ ...userSettingsQuery(), select: (settings) => settings.theme });
  const { setTheme } = useTheme();
  useEffect(() => {
    if (theme) setTheme(theme);
  }, [theme, setTheme]);
  return null;
}
