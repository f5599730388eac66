import { Button, Field, Stack, Textarea } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n/react.tsx';
import { useDeskSettingsGroup } from '../settings/queries.ts';

/**
 * The hosts a public reply may link to, one a line (docs/decisions/099-reply-guard.md): a reply linking anywhere else
 * is held for compliance. Subdomains of a listed host are allowed; the desk's own addresses always are.
 */
export function AllowedLinkHostsForm() {
  const t = useT();
  const { value, save, saving } = useDeskSettingsGroup('replies', {
    saved: 'deskSettings.saved',
    failed: 'deskSettings.saveFailed',
  });
  const [text, setText] = useState(value.allowedLinkHosts.join('\n'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const allowedLinkHosts = [
      ...new Set(
        text
          .split('\n')
          .map((line) => line.trim().toLowerCase())
          .filter(Boolean),
      ),
    ];
    void save({ ...value, allowedLinkHosts });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="3">
        <Field.Root>
          <Field.Label>{t('deskSettings.allowedLinkHosts')}</Field.Label>
          <Textarea
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={5}
            placeholder={t('deskSettings.allowedLinkHostsPlaceholder')}
          />
          <Field.HelperText>{t('deskSettings.allowedLinkHostsHint')}</Field.HelperText>
        </Field.Root>
        <Button type="submit" alignSelf="start" loading={saving} loadingText={t('common.saving')}>
          {t('deskSettings.saveLinkHosts')}
        </Button>
      </Stack>
    </form>
  );
}
