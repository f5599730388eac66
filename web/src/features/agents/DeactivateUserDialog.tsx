import { MESSAGES, deactivateConfirmFor } from '#shared/messages.ts';
import type { Agent } from '#shared/schemas/user.ts';
import { isUnauthorized } from '../../lib/api.ts';
import { displayNameOf } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { ConfirmDialog } from '../../components/ui/DialogFrames.tsx';
import { useDeactivateUserMutation } from './queries.ts';
import { refusalMessage } from '../../lib/server-message.ts';

interface DeactivateUserDialogProps {
  agent: Agent | undefined;
  open: boolean;
  onClose: () => void;
}

/** Admin: deactivate a staff member after confirmation (docs/product.md §2, §8); they are signed out everywhere. */
export function DeactivateUserDialog({ agent, open, onClose }: DeactivateUserDialogProps) {
  const deactivate = useDeactivateUserMutation();

  const confirm = async () => {
    if (!agent) return;
    try {
      await deactivate.mutateAsync(agent.id);
    } catch (error) {
      if (!isUnauthorized(error)) notify('error', MESSAGES.userDeactivateFailed, refusalMessage(error));
      return;
    }
    notify('success', MESSAGES.userDeactivated);
    onClose();
  };

  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title="Deactivate User"
      message={agent ? deactivateConfirmFor(displayNameOf(agent)) : ''}
      confirmLabel="Deactivate"
      pendingLabel="Deactivating..."
      pending={deactivate.isPending}
      onConfirm={confirm}
    />
  );
}
