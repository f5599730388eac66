import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import type { FormEventHandler, ReactNode } from 'react';
import { useT } from '../../i18n/react.tsx';

interface DialogFrameProps {
  open: boolean;
  onClose: () => void;
  /** The header's title; without one the content renders its own `Dialog.Header` (a title that depends on data). */
  title?: ReactNode;
  /** One line under the title saying whom or what the dialog acts on. */
  description?: ReactNode;
  /** Accessible name of the corner close button; without it there is none (a confirmation answers with its buttons). */
  closeLabel?: string;
  /** `alertdialog` for a destructive action's confirmation. */
  role?: Dialog.RootProps['role'];
  size?: Dialog.RootProps['size'];
  scrollBehavior?: Dialog.RootProps['scrollBehavior'];
  /** The dialog's `Dialog.Body` and `Dialog.Footer` (and its header, when there is no `title`). */
  children: ReactNode;
}

/**
 * The frame of every dialog: Chakra's dialog traps focus, closes on Escape and returns focus to the control that
 * opened it; the content mounts only while open, so a form starts fresh each time.
 */
export function DialogFrame({
  open,
  onClose,
  title,
  description,
  closeLabel,
  role,
  size,
  scrollBehavior,
  children,
}: DialogFrameProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      role={role}
      size={size}
      scrollBehavior={scrollBehavior}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {title !== undefined && (
              <Dialog.Header flexDirection="column" alignItems="start" gap="1">
                <Dialog.Title>{title}</Dialog.Title>
                {description && <Dialog.Description color="fg.muted">{description}</Dialog.Description>}
              </Dialog.Header>
            )}
            {children}
            {closeLabel && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={closeLabel} />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

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

/** A dialog holding one form with Cancel and a submit button. */
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
  const t = useT();
  return (
    <DialogFrame open={open} onClose={onClose} title={title} description={description} closeLabel={t('common.close')}>
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Body>
          <Stack gap="4">{children}</Stack>
        </Dialog.Body>
        <FormDialogFooter submitLabel={submitLabel} pendingLabel={pendingLabel} pending={pending} />
      </form>
    </DialogFrame>
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
    <CancelFooter>
      <Button type="submit" form={form} loading={pending} loadingText={pendingLabel}>
        {submitLabel}
      </Button>
    </CancelFooter>
  );
}

/** A dialog's footer: Cancel, which closes it, then the dialog's own action. */
export function CancelFooter({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <Dialog.Footer>
      <Dialog.ActionTrigger asChild>
        <Button variant="outline">{t('common.cancel')}</Button>
      </Dialog.ActionTrigger>
      {children}
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
    <DialogFrame role="alertdialog" open={open} onClose={onClose} title={title}>
      <Dialog.Body>
        <Dialog.Description>{message}</Dialog.Description>
      </Dialog.Body>
      <CancelFooter>
        <Button colorPalette="red" onClick={onConfirm} loading={pending} loadingText={pendingLabel}>
          {confirmLabel}
        </Button>
      </CancelFooter>
    </DialogFrame>
  );
}
