import { Card, Stack, Switch, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { ROUTING } from '#shared/constants.ts';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { SECTION_TITLES } from '../../lib/sections.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { MailLimitsForm } from '../mail/MailLimitsForm.tsx';
import { AllowedLinkHostsForm } from './AllowedLinkHostsForm.tsx';
import { deskSettingsQuery, useSaveDeskSettingsMutation } from '../settings/queries.ts';

/**
 * The desk's own settings, admins only (docs/product.md §2 "Desk Settings"): auto-away, saved the moment it is
 * switched, and the limit of new tickets per sender and hour (the same form as on Email Delivery, beside the mail it
 * holds). Every save is in the audit log.
 */
export function DeskSettingsPage() {
  const t = useT();
  const { data: settings } = useSuspenseQuery(deskSettingsQuery());
  const save = useSaveDeskSettingsMutation();

  const setAutoAway = async (autoAway: boolean) => {
    try {
      await save.mutateAsync({ ...settings, routing: { autoAway } });
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
      <Stack gap="6" maxW="2xl">
        <Card.Root>
          <Card.Body>
            <Switch.Root
              checked={save.isPending && save.variables ? save.variables.routing.autoAway : settings.routing.autoAway}
              disabled={save.isPending}
              onCheckedChange={(details) => void setAutoAway(details.checked)}
              alignItems="start"
            >
              <Switch.HiddenInput />
              <Switch.Control mt="0.5" />
              <Stack gap="0">
                <Switch.Label>{t('deskSettings.autoAway')}</Switch.Label>
                <Text fontSize="sm" color="fg.muted">
                  {t('deskSettings.autoAwayHint', { minutes: ROUTING.autoAwayMinutes })}
                </Text>
              </Stack>
            </Switch.Root>
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Body>
            <MailLimitsForm />
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Body>
            <AllowedLinkHostsForm />
          </Card.Body>
        </Card.Root>
      </Stack>
    </>
  );
}
