import { Button, Field, Heading, HStack, NativeSelect, Stack } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { MessageKey } from '#shared/i18n/messages.ts';
import { MFA_REQUIREMENTS, type MfaRequirement } from '#shared/schemas/mfa.ts';
import { t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { deskSettingsQuery, useRefreshMfaStatus, useSaveDeskSettingsMutation } from './queries.ts';
import { isPendingApproval } from '../approvals/queries.ts';
import { notifySentForApproval } from '../approvals/sent-for-approval.ts';

const REQUIREMENT_LABELS: Record<MfaRequirement, MessageKey> = {
  none: 'mfa.desk.none',
  admins: 'mfa.desk.admins',
  adminsAndManagers: 'mfa.desk.adminsAndManagers',
  allStaff: 'mfa.desk.allStaff',
};

/** Settings → Security, admins only: who the desk requires to sign in with a second factor (a desk setting). */
export function DeskMfaForm() {
  const t = useT();
  const titleId = useId();
  const { data: settings } = useSuspenseQuery(deskSettingsQuery());
  const save = useSaveDeskSettingsMutation();
  const refreshStatus = useRefreshMfaStatus();
  const [requireMfa, setRequireMfa] = useState<MfaRequirement>(settings.security.requireMfa);

  const onSave = async () => {
    try {
      if (isPendingApproval(await save.mutateAsync({ ...settings, security: { requireMfa } }))) {
        notifySentForApproval();
        return;
      }
    } catch (error) {
      if (!isUnauthorized(error)) notify('error', translate('mfa.desk.saveFailed'), refusalMessage(error, translate));
      return;
    }
    void refreshStatus();
    notify('success', translate('mfa.desk.saved'));
  };

  return (
    <Stack gap="3" maxW="md" role="region" aria-labelledby={titleId}>
      <Heading as="h2" size="md" id={titleId}>
        {t('mfa.desk.title')}
      </Heading>
      <Field.Root>
        <Field.Label>{t('mfa.desk.label')}</Field.Label>
        <HStack>
          <NativeSelect.Root maxW="16rem">
            <NativeSelect.Field
              value={requireMfa}
              onChange={(event) => setRequireMfa(event.currentTarget.value as MfaRequirement)}
            >
              {MFA_REQUIREMENTS.map((value) => (
                <option key={value} value={value}>
                  {t(REQUIREMENT_LABELS[value])}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Button
            variant="outline"
            onClick={onSave}
            loading={save.isPending}
            disabled={requireMfa === settings.security.requireMfa}
          >
            {t('settings.save')}
          </Button>
        </HStack>
        <Field.HelperText>{t('mfa.desk.hint')}</Field.HelperText>
      </Field.Root>
    </Stack>
  );
}
