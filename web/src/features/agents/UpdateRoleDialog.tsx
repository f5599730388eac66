import { Field, NativeSelect } from '@chakra-ui/react';
import { type FormEvent, useEffect, useState } from 'react';
import { ROLE_LABELS, ROLES, type Role } from '#shared/constants.ts';
import { MESSAGES } from '#shared/messages.ts';
import type { Agent } from '#shared/schemas/user.ts';
import { isUnauthorized } from '../../lib/api.ts';
import { displayNameOf } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { FormDialog } from '../../components/ui/DialogFrames.tsx';
import { useUpdateRoleMutation } from './queries.ts';
import { refusalMessage } from '../../lib/server-message.ts';

interface UpdateRoleDialogProps {
  agent: Agent | undefined;
  open: boolean;
  onClose: () => void;
}

/** Admin: give a staff member another role (docs/product.md §2, §8). */
export function UpdateRoleDialog({ agent, open, onClose }: UpdateRoleDialogProps) {
  const update = useUpdateRoleMutation();
  const [role, setRole] = useState<Role>('agent');
  useEffect(() => {
    if (open && agent) setRole(agent.role);
  }, [open, agent]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!agent) return;
    try {
      await update.mutateAsync({ id: agent.id, role });
    } catch (error) {
      if (!isUnauthorized(error)) notify('error', MESSAGES.roleUpdateFailed, refusalMessage(error));
      return;
    }
    notify('success', MESSAGES.roleUpdated);
    onClose();
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Update Role"
      description={agent && `${displayNameOf(agent)} (${agent.email})`}
      onSubmit={onSubmit}
      submitLabel="Update Role"
      pendingLabel="Updating..."
      pending={update.isPending}
    >
      <Field.Root>
        <Field.Label>Role</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={role} onChange={(event) => setRole(event.currentTarget.value as Role)}>
            {ROLES.map((option) => (
              <option key={option} value={option}>
                {ROLE_LABELS[option]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </FormDialog>
  );
}
