import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import type { FormEventHandler, ReactNode } from 'react';

interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** One line under the title saying whom or what the form acts on. */
  description?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  children: ReactNode;
}

/**
 * A dialog holding one form with Cancel and a submit button. Chakra's dialog traps focus, closes on Escape and
 * returns focus to the control that opened it; content mounts only while open so a form starts fresh each time.
 */
export function FormDialog({
  open,
  onClose,
  title,
  description,
  onSubmit,
  submitLabel,
  pendingLabel,
  pending,
  children,
}: FormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={onSubmit} noValidate>
              <Dialog.Header flexDirection="column" alignItems="start" gap="1">
                <Dialog.Title>{title}</Dialog.Title>
                {description && <Dialog.Description color="fg.muted">{description}</Dialog.Description>}
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">{children}</Stack>
              </Dialog.Body>
              <FormDialogFooter submitLabel={submitLabel} pendingLabel={pendingLabel} pending={pending} />
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

interface FormDialogFooterProps {
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The id of the form to submit, when the footer is not inside it. */
  form?: string;
}

/** Cancel, which closes the dialog, and the form's submit button, which shows `pendingLabel` while it works. */
export function FormDialogFooter({ submitLabel, pendingLabel, pending, form }: FormDialogFooterProps) {
  return (
    <Dialog.Footer>
      <Dialog.ActionTrigger asChild>
        <Button variant="outline">Cancel</Button>
      </Dialog.ActionTrigger>
      <Button type="submit" form={form} loading={pending} loadingText={pendingLabel}>
        {submitLabel}
      </Button>
    </Dialog.Footer>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  message: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
}

/** A destructive action's confirmation: an alert dialog whose Cancel button has the focus when it opens. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  message,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
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
            <Dialog.Body>
              <Dialog.Description>{message}</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" onClick={onConfirm} loading={pending} loadingText={pendingLabel}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
