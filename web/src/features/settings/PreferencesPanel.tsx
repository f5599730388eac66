import { Field, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import type { ChangeEvent, ReactNode } from 'react';
import { LANGUAGES, THEMES, TIMEZONES } from '#shared/constants.ts';
import type { UserSettings } from '#shared/schemas/settings.ts';
import { useT } from '../../i18n/react.tsx';
import { LANGUAGE_NAMES, THEME_LABELS } from './settings-options.ts';

interface PanelProps {
  settings: UserSettings;
  onChange: (settings: UserSettings) => void;
}

/** Settings → Preferences: time zone (dates everywhere), language and colour theme (docs/product.md §9 lists). */
export function PreferencesPanel({ settings, onChange }: PanelProps) {
  const t = useT();
  const set =
    <K extends 'timezone' | 'language' | 'theme'>(key: K) =>
    (event: ChangeEvent<HTMLSelectElement>) =>
      onChange({ ...settings, [key]: event.currentTarget.value as UserSettings[K] });

  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="5" maxW="4xl">
      <SelectField
        label={t('settings.timezone')}
        helper={t('settings.timezoneHint')}
        value={settings.timezone}
        onChange={set('timezone')}
      >
        {TIMEZONES.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replace(/_/g, ' ')}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('settings.language')}
        helper={t('settings.languageHint')}
        value={settings.language}
        onChange={set('language')}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('settings.theme')}
        helper={t('settings.themeHint')}
        value={settings.theme}
        onChange={set('theme')}
      >
        {THEMES.map((theme) => (
          <option key={theme} value={theme}>
            {t(THEME_LABELS[theme])}
          </option>
        ))}
      </SelectField>
    </SimpleGrid>
  );
}

interface SelectFieldProps {
  label: string;
  helper?: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  children: ReactNode;
}

function SelectField({ label, helper, value, onChange, children }: SelectFieldProps) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={onChange}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
    </Field.Root>
  );
}
