import { Button, Card, Center, Spinner, Stack, Tabs } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { LuBell, LuLock, LuSave, LuSlidersHorizontal, LuSiren } from 'react-icons/lu';
import { MESSAGES } from '#shared/messages.ts';
import type { UserSettings } from '#shared/schemas/settings.ts';
import { LoadError } from '../../components/LoadError.tsx';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { SECTION_TITLES } from '../../lib/sections.ts';
import { AlarmsPanel } from './AlarmsPanel.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { NotificationsPanel } from './NotificationsPanel.tsx';
import { PreferencesPanel } from './PreferencesPanel.tsx';
import { useSaveSettingsMutation, userSettingsQuery } from './queries.ts';

type SettingsPanel = (props: { settings: UserSettings; onChange: (settings: UserSettings) => void }) => ReactNode;

const SETTINGS_TABS: ReadonlyArray<{ value: string; label: string; icon: ReactNode; Panel: SettingsPanel }> = [
  { value: 'notifications', label: 'Notifications', icon: <LuBell aria-hidden />, Panel: NotificationsPanel },
  { value: 'preferences', label: 'Preferences', icon: <LuSlidersHorizontal aria-hidden />, Panel: PreferencesPanel },
  { value: 'alarms', label: 'Alarms', icon: <LuSiren aria-hidden />, Panel: AlarmsPanel },
];

/**
 * Personal settings (docs/product.md §2 Settings): Security first, then the tabs that edit the stored settings. The
 * route's loader starts reading the settings; Security works without them, the other tabs wait for them.
 */
export function SettingsPage() {
  // Unsaved edits, shared by the three tabs: each tab's Save stores the whole object (PUT replaces it whole).
  const [draft, setDraft] = useState<UserSettings>();

  return (
    <>
      <PageHeader title={SECTION_TITLES.settings} description="Your password, notifications, preferences and alarms." />
      <Tabs.Root defaultValue="security" variant="line" lazyMount>
        <Tabs.List overflowX="auto">
          <Tabs.Trigger value="security">
            <LuLock aria-hidden />
            Security
          </Tabs.Trigger>
          {SETTINGS_TABS.map((tab) => (
            <Tabs.Trigger key={tab.value} value={tab.value}>
              {tab.icon}
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>

        <Tabs.Content value="security">
          <SettingsCard>
            <ChangePasswordForm />
          </SettingsCard>
        </Tabs.Content>

        {SETTINGS_TABS.map(({ value, Panel }) => (
          <Tabs.Content key={value} value={value}>
            <SettingsCard>
              <QueryBoundary
                pending={
                  <Center py="10">
                    <Spinner aria-label="Loading settings" />
                  </Center>
                }
                error={(error, retry) => (
                  <LoadError title="Your settings could not be loaded" error={error} onRetry={retry} />
                )}
              >
                <SettingsForm Panel={Panel} draft={draft} onChange={setDraft} onSaved={() => setDraft(undefined)} />
              </QueryBoundary>
            </SettingsCard>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}

interface SettingsFormProps {
  Panel: SettingsPanel;
  /** The unsaved edits of all tabs, if any; otherwise the stored settings show. */
  draft: UserSettings | undefined;
  onChange: (settings: UserSettings) => void;
  onSaved: () => void;
}

/** One tab's fields over the stored settings (or the unsaved edits), and Save Settings, which stores them all. */
function SettingsForm({ Panel, draft, onChange, onSaved }: SettingsFormProps) {
  const { data: stored } = useSuspenseQuery(userSettingsQuery());
  const save = useSaveSettingsMutation();
  const shown = draft ?? stored;

  const onSave = async () => {
    try {
      await save.mutateAsync(shown);
    } catch (error) {
      if (!isUnauthorized(error)) notify('error', MESSAGES.settingsSaveFailed);
      return;
    }
    onSaved();
    notify('success', 'Settings saved successfully');
  };

  return (
    <Stack gap="6">
      <Panel settings={shown} onChange={onChange} />
      <Button alignSelf="start" onClick={onSave} loading={save.isPending} loadingText="Saving...">
        <LuSave aria-hidden />
        Save Settings
      </Button>
    </Stack>
  );
}

function SettingsCard({ children }: { children: ReactNode }) {
  return (
    <Card.Root mt="2">
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
