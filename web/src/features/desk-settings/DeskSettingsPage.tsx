import { Card, Stack, Switch, Text } from '@chakra-ui/react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { DeskSettings } from '#shared/schemas/settings.ts';
import { ROUTING } from '#shared/constants.ts';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { SECTION_TITLES } from '../../lib/sections.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { agentsQuery } from '../agents/queries.ts';
import { isPendingApproval } from '../approvals/queries.ts';
import { notifySentForApproval } from '../approvals/sent-for-approval.ts';
import { MailLimitsForm } from '../mail/MailLimitsForm.tsx';
import { AllowedLinkHostsForm } from './AllowedLinkHostsForm.tsx';
import { deskSettingsQuery, useSaveDeskSettingsMutation } from '../settings/queries.ts';
import { InsiderRiskForm } from './InsiderRiskForm.tsx';

/**
 * The desk's own settings, admins only (docs/product.md §2 "Desk Settings"): auto-away and four-eyes approval, saved
 * the moment they are switched, the limit of new tickets per sender and hour (the same form as on Email Delivery,
 * beside the mail it holds), and the insider-risk thresholds. Every save is in the audit log; turning four-eyes off
 * waits for a second admin.
 */
export function DeskSettingsPage() {
  const t = useT();
  const { data: settings } = useSuspenseQuery(deskSettingsQuery());
  const save = useSaveDeskSettingsMutation();

  const saveChange = async (next: DeskSettings) => {
    try {
      if (isPendingApproval(await save.mutateAsync(next))) {
        notifySentForApproval();
        return;
      }
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
              onCheckedChange={(details) => void saveChange({ ...settings, routing: { autoAway: details.checked } })}
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
        <FourEyesCard
          settings={settings}
          pending={save.isPending}
          pendingValue={save.variables?.approvals.fourEyes}
          onChange={(fourEyes) => void saveChange({ ...settings, approvals: { fourEyes } })}
        />
        <Card.Root>
          <Card.Body>
            <MailLimitsForm />
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Body>
            <InsiderRiskForm />
            <AllowedLinkHostsForm />
          </Card.Body>
        </Card.Root>
      </Stack>
    </>
  );
}

/**
 * Four-eyes approval (docs/decisions/095-four-eyes-approval.md): on, and with two active admins, the actions that could
 * take over the desk wait for a second admin. With one active admin it has no effect, and the card says why.
 */
function FourEyesCard({
  settings,
  pending,
  pendingValue,
  onChange,
}: {
  settings: DeskSettings;
  pending: boolean;
  pendingValue: boolean | undefined;
  onChange: (fourEyes: boolean) => void;
}) {
  const t = useT();
  const staff = useQuery(agentsQuery());
  const activeAdmins = staff.data?.filter((member) => member.role === 'admin' && member.isActive).length;
  return (
    <Card.Root>
      <Card.Body>
        <Switch.Root
          checked={pending && pendingValue !== undefined ? pendingValue : settings.approvals.fourEyes}
          disabled={pending}
          onCheckedChange={(details) => onChange(details.checked)}
          alignItems="start"
        >
          <Switch.HiddenInput />
          <Switch.Control mt="0.5" />
          <Stack gap="0">
            <Switch.Label>{t('deskSettings.fourEyes')}</Switch.Label>
            <Text fontSize="sm" color="fg.muted">
              {t('deskSettings.fourEyesHint')}
            </Text>
            {activeAdmins !== undefined && activeAdmins < 2 && settings.approvals.fourEyes && (
              <Text fontSize="sm" color="orange.fg" data-testid="four-eyes-inactive">
                {t('deskSettings.fourEyesOneAdmin')}
              </Text>
            )}
          </Stack>
        </Switch.Root>
      </Card.Body>
    </Card.Root>
  );
}
