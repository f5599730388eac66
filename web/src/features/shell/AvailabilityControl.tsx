import { Field, NativeSelect } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AVAILABILITY_STATUSES, type Availability } from '#shared/constants.ts';
import type { User } from '#shared/schemas/user.ts';
import { t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
import { api, isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { authKeys } from '../auth/current-user.ts';

/**
 * The signed-in person's availability, in the sidebar (docs/product.md §2 "Availability"): only `available` agents are
 * routed tickets and hear of new ones; alarms about their own tickets reach them whatever they choose.
 */
export function AvailabilityControl({ user }: { user: User }) {
  const t = useT();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (status: Availability) => api.put<User>('/api/user/availability', { status }),
    onSuccess: (saved) => queryClient.setQueryData(authKeys.user(), saved),
  });
  const change = async (status: Availability) => {
    try {
      await save.mutateAsync(status);
    } catch (error) {
      if (!isUnauthorized(error))
        notify('error', translate('availability.saveFailed'), refusalMessage(error, translate));
    }
  };
  const current = save.isPending && save.variables ? save.variables : user.availability;
  return (
    <Field.Root>
      <Field.Label fontSize="xs" color="fg.muted">
        {t('availability.label')}
      </Field.Label>
      <NativeSelect.Root size="sm" disabled={save.isPending}>
        <NativeSelect.Field
          value={current}
          onChange={(event) => void change(event.currentTarget.value as Availability)}
          data-availability={current}
        >
          {AVAILABILITY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`availability.${status}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
