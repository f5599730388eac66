import { Button, Card, Field, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { LuSave } from 'react-icons/lu';
import { ROUTING } from '#shared/constants.ts';
import { type DeskSettings, NEW_TICKETS_PER_SENDER } from '#shared/schemas/settings.ts';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { SECTION_TITLES } from '../../lib/sections.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { deskSettingsQuery, useSaveDeskSettingsMutation } from '../settings/queries.ts';

/**
 * The desk's own settings, admins only (docs/product.md §2 "Desk Settings"): auto-away, and the limit of new tickets
 * per sender and hour (also on Email Delivery, beside the mail it holds). Every save is in the audit log.
 */
export function DeskSettingsPage() {
  const t = useT();
  const { data: settings } = useSuspenseQuery(deskSettingsQuery());
  const save = useSaveDeskSettingsMutation();
  const [draft, setDraft] = useState<DeskSettings>(settings);
  const [senderCap, setSenderCap] = useState(String(settings.inboundMail.newTicketsPerSenderPerHour));
  useEffect(() => {
    setDraft(settings);
    setSenderCap(String(settings.inboundMail.newTicketsPerSenderPerHour));
  }, [settings]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync({
        ...draft,
        inboundMail: { newTicketsPerSenderPerHour: Number(senderCap) },
      });
    } catch (error) {
      if (!isUnauthorized(error)) {
        notify('error', translate('deskSettings.saveFailed'), refusalMessage(error, translate));
      }
      return;
    }
    notify('success', translate('deskSettings.saved'));
  };

  return (
    <>
      <PageHeader title={t(SECTION_TITLES['desk-settings'])} description={t('deskSettings.description')} />
      <Card.Root maxW="2xl">
        <Card.Body>
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="6">
              <Switch.Root
                checked={draft.routing.autoAway}
                onCheckedChange={(details) => setDraft((d) => ({ ...d, routing: { autoAway: details.checked } }))}
              >
                <Switch.HiddenInput />
                <Switch.Control />
                <Stack gap="0">
                  <Switch.Label>{t('deskSettings.autoAway')}</Switch.Label>
                  <Text fontSize="sm" color="fg.muted">
                    {t('deskSettings.autoAwayHint', { minutes: ROUTING.autoAwayMinutes })}
                  </Text>
                </Stack>
              </Switch.Root>
              <Field.Root required>
                <Field.Label>{t('mail.newTicketsPerSender')}</Field.Label>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={NEW_TICKETS_PER_SENDER.min}
                  max={NEW_TICKETS_PER_SENDER.max}
                  step={1}
                  maxW="8rem"
                  value={senderCap}
                  onChange={(event) => setSenderCap(event.currentTarget.value)}
                />
                <Field.HelperText>{t('deskSettings.senderCapHint')}</Field.HelperText>
              </Field.Root>
              <Button type="submit" alignSelf="flex-start" loading={save.isPending}>
                <LuSave aria-hidden />
                {t('settings.save')}
              </Button>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </>
  );
}
