import type { ComponentProps } from 'react';
import type { DialogFrame } from '../../components/ui/DialogFrames.tsx';

/** How the create, edit and assign dialogs sit on screen: wide, scrolling inside, with a named close button. */
export const TICKET_DIALOG = {
  size: 'lg',
  scrollBehavior: 'inside',
  closeLabel: 'Close dialog',
} as const satisfies Partial<ComponentProps<typeof DialogFrame>>;
