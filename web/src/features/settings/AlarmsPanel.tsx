import { Button, Checkbox, Field, Fieldset, HStack, NativeSelect, Slider, Stack, Switch, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { LuBell, LuBellRing, LuMonitor } from 'react-icons/lu';
import { ALARM, ALERT_TYPES, SOUND_TYPES, type AlertType, type SoundType } from '#shared/constants.ts';
import type { AlarmSettings, UserSettings } from '#shared/schemas/settings.ts';
import { requestDesktopNotifications } from '../alarms/desktop-notifications.ts';
import { testAlarm } from '../alarms/present-alarm.ts';
import { useT } from '../../i18n/react.tsx';
import { useCurrentUser } from '../auth/queries.ts';
import { ALERT_TYPE_LABELS, SOUND_TYPE_LABELS } from './settings-options.ts';

/** Alert types only some roles can ever receive; nobody else is offered them. */
const ALERT_TYPE_ROLES: Partial<Record<AlertType, readonly string[]>> = {
  webhook_disabled: ['admin'],
  attachment_infected: ['admin'],
  data_access_alert: ['admin'],
  approval_requested: ['admin'],
  ticket_waiting: ['admin', 'manager'],
};

interface PanelProps {
  settings: UserSettings;
  onChange: (settings: UserSettings) => void;
}

/** Settings → Alarms (docs/product.md §2, §3): on/off, volume, sound, which alerts, a test, and desktop permission. */
export function AlarmsPanel({ settings, onChange }: PanelProps) {
  const t = useT();
  const role = useCurrentUser()?.role;
  const offered = ALERT_TYPES.filter(
    (type) => !ALERT_TYPE_ROLES[type] || (role && ALERT_TYPE_ROLES[type].includes(role)),
  );
  const alarm = settings.alarmSettings;
  const set = (changes: Partial<AlarmSettings>) => onChange({ ...settings, alarmSettings: { ...alarm, ...changes } });
  const toggleAlertType = (type: AlertType, on: boolean) =>
    // Kept in the canonical order, so the saved list does not depend on the order of the clicks.
    set({ alertTypes: ALERT_TYPES.filter((each) => (each === type ? on : alarm.alertTypes.includes(each))) });

  return (
    <Stack gap="6" maxW="2xl">
      <Switch.Root checked={alarm.enabled} onCheckedChange={(details) => set({ enabled: details.checked })}>
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{t('settings.alarms.enable')}</Switch.Label>
      </Switch.Root>

      <Slider.Root
        value={[alarm.volume]}
        onValueChange={(details) => set({ volume: details.value[0] ?? alarm.volume })}
        min={0}
        max={100}
        step={1}
        maxW="sm"
      >
        <HStack justify="space-between">
          <Slider.Label>{t('settings.alarms.volume')}</Slider.Label>
          <Slider.ValueText />
        </HStack>
        <Slider.Control>
          <Slider.Track>
            <Slider.Range />
          </Slider.Track>
          <Slider.Thumbs />
        </Slider.Control>
      </Slider.Root>

      <Field.Root maxW="sm">
        <Field.Label>{t('settings.alarms.sound')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={alarm.soundType}
            onChange={(event) => set({ soundType: event.currentTarget.value as SoundType })}
          >
            {SOUND_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(SOUND_TYPE_LABELS[type])}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>

      <Fieldset.Root>
        <Fieldset.Legend fontSize="sm" fontWeight="medium">
          {t('settings.alarms.alertTypes')}
        </Fieldset.Legend>
        <Fieldset.Content>
          <Stack gap="2">
            {offered.map((type) => (
              <Checkbox.Root
                key={type}
                checked={alarm.alertTypes.includes(type)}
                onCheckedChange={(details) => toggleAlertType(type, details.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t(ALERT_TYPE_LABELS[type])}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </Fieldset.Content>
      </Fieldset.Root>

      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        <TestAlarmButton soundType={alarm.soundType} volume={alarm.volume} />
        <DesktopNotificationsButton />
      </Stack>
    </Stack>
  );
}

/** Plays the alarm with the sound and volume on screen; the indicator resets after ALARM.testIndicatorMs. */
function TestAlarmButton({ soundType, volume }: Pick<AlarmSettings, 'soundType' | 'volume'>) {
  const t = useT();
  const [testing, setTesting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const test = async () => {
    setTesting(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setTesting(false), ALARM.testIndicatorMs);
    // testAlarm tells the user itself when the sound cannot play (docs/product.md §8).
    await testAlarm({ soundType, volume });
  };

  return (
    <>
      <Button variant="outline" onClick={test} colorPalette={testing ? 'green' : undefined}>
        {testing ? <LuBellRing aria-hidden /> : <LuBell aria-hidden />}
        {testing ? t('settings.alarms.sent') : t('settings.alarms.test')}
      </Button>
      <Text role="status" srOnly>
        {testing ? t('settings.alarms.testSent') : ''}
      </Text>
    </>
  );
}

type Permission = NotificationPermission | 'unsupported';

const currentPermission = (): Permission =>
  typeof globalThis.Notification === 'function' ? Notification.permission : 'unsupported';

/** Asks the browser to allow desktop notifications; the outcome is announced by a toast (docs/product.md §8). */
function DesktopNotificationsButton() {
  const t = useT();
  const [permission, setPermission] = useState<Permission>(currentPermission);
  const ask = async () => {
    await requestDesktopNotifications();
    setPermission(currentPermission());
  };
  return (
    <Stack gap="1">
      <Button variant="outline" onClick={ask} disabled={permission === 'granted'}>
        <LuMonitor aria-hidden />
        {permission === 'granted' ? t('settings.desktop.enabled') : t('settings.desktop.enable')}
      </Button>
      {permission === 'denied' && (
        <Text fontSize="xs" color="fg.muted">
          {t('settings.desktop.blocked')}
        </Text>
      )}
    </Stack>
  );
}
