import { Button, Field, HStack, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { GuardTerms } from '#shared/schemas/reply-guard.ts';
import { useT } from '../../i18n/react.tsx';
import { notify } from '../../lib/notify.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { guardTermsQuery, useSaveGuardTermsMutation } from './queries.ts';

/** The guarded terms, one a line; saved whole (docs/decisions/099-reply-guard.md). */
export function GuardTermsForm() {
  const t = useT();
  const terms = useQuery(guardTermsQuery());
  if (terms.isPending) {
    return (
      <HStack role="status" gap="2" color="fg.muted">
        <Spinner size="xs" />
        <Text>{t('guard.termsLoading')}</Text>
      </HStack>
    );
  }
  if (terms.isError) {
    return (
      <Text role="alert" color="fg.error">
        {t('guard.termsLoadFailed')}
      </Text>
    );
  }
  return <TermsEditor saved={terms.data} />;
}

function TermsEditor({ saved }: { saved: GuardTerms }) {
  const t = useT();
  const save = useSaveGuardTermsMutation();
  const [text, setText] = useState(saved.terms.join('\n'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const list = text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    save.mutate(list, {
      onSuccess: () => notify('success', t('guard.termsSaved')),
      onError: (error) => notify('error', t('guard.termsSaveFailed'), refusalMessage(error, t)),
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="3">
        <Field.Root>
          <Field.Label>{t('guard.termsLabel')}</Field.Label>
          <Textarea value={text} onChange={(event) => setText(event.target.value)} rows={12} />
          <Field.HelperText>{saved.isDefault ? t('guard.termsDefault') : t('guard.termsHint')}</Field.HelperText>
        </Field.Root>
        <Button type="submit" alignSelf="start" loading={save.isPending} loadingText={t('guard.termsSaving')}>
          {t('guard.termsSave')}
        </Button>
      </Stack>
    </form>
  );
}
