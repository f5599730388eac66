import type { Agent } from '#shared/schemas/user.ts';
import { t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
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
  const t = useT();
  const deactivate = useDeactivateUserMutation();

  const confirm = async () => {
    if (!agent) return;
    try {
      await deactivate.mutateAsync(agent.id);
    } catch (error) {
      if (!isUnauthorized(error)) notify('error', translate('deactivateUser.failed'), refusalMessage(error, translate));
      return;
    }
    notify('success', translate('deactivateUser.success'));
    onClose();
  };

  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={t('deactivateUser.title')}
      message={agent ? t('deactivateUser.confirm', { name: displayNameOf(agent, t) }) : ''}
      confirmLabel={t('deactivateUser.submit')}
      pendingLabel={t('deactivateUser.pending')}
      pending={deactivate.isPending}
      onConfirm={confirm}
    />
  );
}
