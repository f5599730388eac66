import { Button, Field, Stack, Textarea } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n/react.tsx';
import { notify } from '../../lib/notify.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { deskSettingsQuery, useSaveDeskSettingsMutation } from '../settings/queries.ts';

/**
 * The hosts a public reply may link to, one a line (docs/decisions/099-reply-guard.md): a reply linking anywhere else
 * is held for compliance. Subdomains of a listed host are allowed; the desk's own addresses always are.
 */
export function AllowedLinkHostsForm() {
  const t = useT();
  const { data: settings } = useSuspenseQuery(deskSettingsQuery());
  const save = useSaveDeskSettingsMutation();
  const [text, setText] = useState(settings.replies.allowedLinkHosts.join('\n'));
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
    save.mutate(
      { ...settings, replies: { allowedLinkHosts } },
      {
        onSuccess: () => notify('success', t('deskSettings.saved')),
        onError: (error) => notify('error', t('deskSettings.saveFailed'), refusalMessage(error, t)),
      },
    );
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
        <Button type="submit" alignSelf="start" loading={save.isPending} loadingText={t('common.saving')}>
          {t('deskSettings.saveLinkHosts')}
        </Button>
      </Stack>
    </form>
  );
}
