import { Field, NativeSelect } from '@chakra-ui/react';
import { type FormEvent, useEffect, useState } from 'react';
import { ROLES, type Role } from '#shared/constants.ts';
import type { Agent } from '#shared/schemas/user.ts';
import { t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { displayNameOf, roleLabelOf } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { FormDialog } from '../../components/ui/DialogFrames.tsx';
import { useUpdateRoleMutation } from './queries.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { isPendingApproval } from '../approvals/queries.ts';
import { notifySentForApproval } from '../approvals/sent-for-approval.ts';

interface UpdateRoleDialogProps {
  agent: Agent | undefined;
  open: boolean;
  onClose: () => void;
}

/** Admin: give a staff member another role (docs/product.md §2, §8). */
export function UpdateRoleDialog({ agent, open, onClose }: UpdateRoleDialogProps) {
  const t = useT();
  const update = useUpdateRoleMutation();
  const [role, setRole] = useState<Role>('agent');
  useEffect(() => {
    if (open && agent) setRole(agent.role);
  }, [open, agent]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!agent) return;
    try {
      if (isPendingApproval(await update.mutateAsync({ id: agent.id, role }))) {
        notifySentForApproval();
        onClose();
        return;
      }
    } catch (error) {
      if (!isUnauthorized(error)) notify('error', translate('updateRole.failed'), refusalMessage(error, translate));
      return;
    }
    notify('success', translate('updateRole.success'));
    onClose();
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('updateRole.title')}
      description={agent && t('agents.person', { name: displayNameOf(agent, t), email: agent.email })}
      onSubmit={onSubmit}
      submitLabel={t('updateRole.title')}
      pendingLabel={t('common.updating')}
      pending={update.isPending}
    >
      <Field.Root>
        <Field.Label>{t('agents.column.role')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={role} onChange={(event) => setRole(event.currentTarget.value as Role)}>
            {ROLES.map((option) => (
              <option key={option} value={option}>
                {roleLabelOf(option, t)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </FormDialog>
  );
}
