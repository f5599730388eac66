import { Stack, Switch, Text } from '@chakra-ui/react';
import type { UserSettings } from '#shared/schemas/settings.ts';
import { useT } from '../../i18n/react.tsx';
import { NOTIFICATION_TOGGLES } from './settings-options.ts';

interface PanelProps {
  settings: UserSettings;
  onChange: (settings: UserSettings) => void;
}

/** Settings → Notifications: the six toggles of docs/product.md §2. */
export function NotificationsPanel({ settings, onChange }: PanelProps) {
  const t = useT();
  return (
    <Stack gap="5">
      {NOTIFICATION_TOGGLES.map(({ key, label, description }) => (
        <Switch.Root
          key={key}
          checked={settings.notifications[key]}
          onCheckedChange={(details) =>
            onChange({ ...settings, notifications: { ...settings.notifications, [key]: details.checked } })
          }
          alignItems="start"
        >
          <Switch.HiddenInput />
          <Switch.Control mt="0.5" />
          <Stack gap="0">
            <Switch.Label>{t(label)}</Switch.Label>
            <Text fontSize="sm" color="fg.muted">
              {t(description)}
            </Text>
          </Stack>
        </Switch.Root>
      ))}
    </Stack>
  );
}
