import { Box, Heading, List, Stack, Switch, Text } from '@chakra-ui/react';
import { ROUTING } from '#shared/constants.ts';
import type { UserSettings } from '#shared/schemas/settings.ts';
import { useT } from '../../i18n/react.tsx';
import { NOTIFICATION_TOGGLES } from './settings-options.ts';

interface PanelProps {
  settings: UserSettings;
  onChange: (settings: UserSettings) => void;
}

/**
 * Settings → Notifications: the six toggles of docs/product.md §2, and who hears of what (docs/product.md §2 "Who hears
 * of what", docs/decisions/006).
 */
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
      <Box as="section" aria-labelledby="notification-rules" borderTopWidth="1px" pt="4">
        <Heading as="h3" size="sm" id="notification-rules" mb="2">
          {t('settings.notifications.rulesTitle')}
        </Heading>
        <List.Root gap="1.5" ps="5" fontSize="sm" color="fg.muted">
          <List.Item>{t('settings.notifications.ruleDesk')}</List.Item>
          <List.Item>{t('settings.notifications.ruleAssignee')}</List.Item>
          <List.Item>{t('settings.notifications.ruleEmail')}</List.Item>
          <List.Item>{t('settings.notifications.ruleWindow', { minutes: ROUTING.emailWindowMinutes })}</List.Item>
        </List.Root>
      </Box>
    </Stack>
  );
}
