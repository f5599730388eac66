import { Button, Card, Center, Spinner, Stack, Tabs } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { LuBell, LuLock, LuSave, LuSlidersHorizontal, LuSiren, LuTimer } from 'react-icons/lu';
import type { MessageKey } from '#shared/i18n/messages.ts';
import type { UserSettings } from '#shared/schemas/settings.ts';
import { LoadError } from '../../components/LoadError.tsx';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { activateLanguage, t as translate } from '../../i18n/i18n.ts';
import { isLanguage } from '../../i18n/languages.ts';
import { useT } from '../../i18n/react.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { SECTION_TITLES } from '../../lib/sections.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { AlarmsPanel } from './AlarmsPanel.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { DeskMfaForm } from './DeskMfaForm.tsx';
import { NotificationsPanel } from './NotificationsPanel.tsx';
import { PreferencesPanel } from './PreferencesPanel.tsx';
import { TwoFactorSection } from './TwoFactorSection.tsx';
import { SlaPolicyPanel } from './SlaPolicyPanel.tsx';
import { useSaveSettingsMutation, userSettingsQuery } from './queries.ts';

type SettingsPanel = (props: { settings: UserSettings; onChange: (settings: UserSettings) => void }) => ReactNode;

const SETTINGS_TABS: ReadonlyArray<{ value: string; label: MessageKey; icon: ReactNode; Panel: SettingsPanel }> = [
  {
    value: 'notifications',
    label: 'settings.tab.notifications',
    icon: <LuBell aria-hidden />,
    Panel: NotificationsPanel,
  },
  {
    value: 'preferences',
    label: 'settings.tab.preferences',
    icon: <LuSlidersHorizontal aria-hidden />,
    Panel: PreferencesPanel,
  },
  { value: 'alarms', label: 'settings.tab.alarms', icon: <LuSiren aria-hidden />, Panel: AlarmsPanel },
];

/**
 * Personal settings (docs/product.md §2 Settings): Security first (the password, two-factor sign-in and, for admins,
 * the desk's two-factor requirement), then the tabs that edit the stored settings. The route's loader starts reading
 * the settings; Security works without them, the other tabs wait for them. Admins also have the SLA policy tab (the
 * desk's, not their own).
 */
export function SettingsPage() {
  const t = useT();
  const isAdmin = useCurrentUser()?.role === 'admin';
  // Unsaved edits, shared by the three tabs: each tab's Save stores the whole object (PUT replaces it whole).
  const [draft, setDraft] = useState<UserSettings>();

  return (
    <>
      <PageHeader title={t(SECTION_TITLES.settings)} description={t('settings.description')} />
      <Tabs.Root defaultValue="security" variant="line" lazyMount>
        <Tabs.List overflowX="auto">
          <Tabs.Trigger value="security">
            <LuLock aria-hidden />
            {t('settings.tab.security')}
          </Tabs.Trigger>
          {SETTINGS_TABS.map((tab) => (
            <Tabs.Trigger key={tab.value} value={tab.value}>
              {tab.icon}
              {t(tab.label)}
            </Tabs.Trigger>
          ))}
          {isAdmin && (
            <Tabs.Trigger value="sla-policy">
              <LuTimer aria-hidden />
              {t('settings.tab.slaPolicy')}
            </Tabs.Trigger>
          )}
        </Tabs.List>

        <Tabs.Content value="security">
          <SettingsCard>
            <ChangePasswordForm />
          </SettingsCard>
          <SettingsCard>
            <PartBoundary>
              <TwoFactorSection />
            </PartBoundary>
          </SettingsCard>
          {isAdmin && (
            <SettingsCard>
              <PartBoundary>
                <DeskMfaForm />
              </PartBoundary>
            </SettingsCard>
          )}
        </Tabs.Content>

        {SETTINGS_TABS.map(({ value, Panel }) => (
          <Tabs.Content key={value} value={value}>
            <SettingsCard>
              <PartBoundary>
                <SettingsForm Panel={Panel} draft={draft} onChange={setDraft} onSaved={() => setDraft(undefined)} />
              </PartBoundary>
            </SettingsCard>
          </Tabs.Content>
        ))}
        {isAdmin && (
          <Tabs.Content value="sla-policy">
            <SettingsCard>
              <QueryBoundary
                pending={
                  <Center py="10">
                    <Spinner aria-label={t('settings.loading')} />
                  </Center>
                }
                error={(error, retry) => <LoadError title={t('slaPolicy.loadFailed')} error={error} onRetry={retry} />}
              >
                <SlaPolicyPanel />
              </QueryBoundary>
            </SettingsCard>
          </Tabs.Content>
        )}
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
  const t = useT();
  const { data: stored } = useSuspenseQuery(userSettingsQuery());
  const save = useSaveSettingsMutation();
  const shown = draft ?? stored;

  const onSave = async () => {
    let saved: UserSettings;
    try {
      saved = await save.mutateAsync(shown);
    } catch (error) {
      if (!isUnauthorized(error)) notify('error', translate('settings.saveFailed'));
      return;
    }
    onSaved();
    // A new language applies at once (components/LanguageFromSettings.tsx); the confirmation is already in it.
    if (isLanguage(saved.language)) await activateLanguage(saved.language).catch(() => undefined);
    notify('success', translate('settings.saved'));
  };

  return (
    <Stack gap="6">
      <Panel settings={shown} onChange={onChange} />
      <Button alignSelf="start" onClick={onSave} loading={save.isPending} loadingText={t('common.saving')}>
        <LuSave aria-hidden />
        {t('settings.save')}
      </Button>
    </Stack>
  );
}

/** A part of the page that reads its own data: its spinner, and its failure with Try again. */
function PartBoundary({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <QueryBoundary
      pending={
        <Center py="10">
          <Spinner aria-label={t('settings.loading')} />
        </Center>
      }
      error={(error, retry) => <LoadError title={t('settings.loadFailed')} error={error} onRetry={retry} />}
    >
      {children}
    </QueryBoundary>
  );
}

function SettingsCard({ children }: { children: ReactNode }) {
  return (
    <Card.Root mt="2">
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
