import type { ComponentProps } from 'react';
import type { DialogFrame } from '../../components/ui/DialogFrames.tsx';
import { useT } from '../../i18n/react.tsx';

/** How the create, edit and assign dialogs sit on screen: wide, scrolling inside, with a named close button. */
export function useTicketDialogFrame() {
  const t = useT();
  return {
    size: 'lg',
    scrollBehavior: 'inside',
    closeLabel: t('ticketDialog.close'),
  } as const satisfies Partial<ComponentProps<typeof DialogFrame>>;
}
