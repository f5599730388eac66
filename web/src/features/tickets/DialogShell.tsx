import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface DialogShellProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The dialog's `Dialog.Body` and `Dialog.Footer`. */
  children: ReactNode;
  size?: Dialog.RootProps['size'];
}

/**
 * The frame every ticket dialog shares: focus trapped inside, Escape and the close button dismiss it, and its
 * content is mounted only while open, so each opening starts from a fresh form.
 */
export function DialogShell({ open, onClose, title, children, size = 'lg' }: DialogShellProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      size={size}
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close dialog" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
