/*
 * Pieces the Integrations page uses twice: the dialog that creates something whose secret it then shows once, a
 * set of checkboxes bound to a form field, and a confirmation that runs one mutation.
 */
import { Checkbox, Fieldset, Stack } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import type { MessageKey } from '#shared/i18n/messages.ts';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { ConfirmDialog, DialogFrame } from '../../components/ui/DialogFrames.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { useT } from '../../i18n/react.tsx';
import { SecretStep } from './SecretReveal.tsx';
import { notifySentForApproval } from '../approvals/sent-for-approval.ts';

interface SecretDialogProps<Created extends { secret: string }> {
  open: boolean;
  onClose: () => void;
  title: string;
  createdTitle: string;
  /** The line under the title once created: what was created. */
  describe: (created: Created) => string;
  secretLabel: string;
  /**
   * The form; it calls `onCreated` with the server's answer, or `onHeld` when the creation waits for a second admin
   * (docs/decisions/095-four-eyes-approval.md): the dialog closes, and the secret is shown later on Pending Approvals.
   */
  form: (onCreated: (created: Created) => void, onHeld: () => void) => ReactNode;
}

/**
 * A creation form, then the created thing's secret, shown once. One dialog throughout, its content swapped: a second
 * dialog opening under the pointer that submitted the first would close at once.
 */
export function SecretDialog<Created extends { secret: string }>(props: SecretDialogProps<Created>) {
  const t = useT();
  const [created, setCreated] = useState<Created | null>(null);
  const close = () => {
    setCreated(null);
    props.onClose();
  };
  return (
    <DialogFrame
      open={props.open}
      onClose={close}
      title={created ? props.createdTitle : props.title}
      description={created ? props.describe(created) : undefined}
      closeLabel={t('common.close')}
    >
      {created ? (
        <SecretStep secret={created.secret} label={props.secretLabel} onDone={close} />
      ) : (
        props.form(setCreated, () => {
          notifySentForApproval();
          close();
        })
      )}
    </DialogFrame>
  );
}

interface CheckboxSetFieldProps<T extends FieldValues, V extends string> {
  control: Control<T>;
  name: FieldPath<T>;
  legend: string;
  options: readonly V[];
  /** What each option means, after its name. */
  labels: Record<V, MessageKey>;
  error?: string;
}

/** A list of values chosen with checkboxes (in the options' order), bound to one form field. */
export function CheckboxSetField<T extends FieldValues, V extends string>({
  control,
  name,
  legend,
  options,
  labels,
  error,
}: CheckboxSetFieldProps<T, V>) {
  const t = useT();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const chosen = field.value as V[];
        return (
          <Fieldset.Root invalid={Boolean(error)}>
            <Fieldset.Legend fontSize="sm" fontWeight="medium">
              {legend}
            </Fieldset.Legend>
            <Fieldset.Content>
              <Stack gap="2">
                {options.map((option) => (
                  <Checkbox.Root
                    key={option}
                    checked={chosen.includes(option)}
                    onCheckedChange={(details) =>
                      field.onChange(
                        options.filter((o) => (o === option ? details.checked === true : chosen.includes(o))),
                      )
                    }
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>
                      <code>{option}</code> — {t(labels[option])}
                    </Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Stack>
            </Fieldset.Content>
            <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
          </Fieldset.Root>
        );
      }}
    />
  );
}

interface ConfirmActionProps {
  open: boolean;
  onClose: () => void;
  title: string;
  message: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  run: () => Promise<unknown>;
  succeeded: string;
  failed: string;
}

/** A destructive action after confirmation: its toast either way (the server's reason when it refuses). */
export function ConfirmActionDialog({ run, succeeded, failed, onClose, ...dialog }: ConfirmActionProps) {
  const t = useT();
  const confirm = async () => {
    try {
      await run();
      notify('success', succeeded);
    } catch (error) {
      if (!isUnauthorized(error)) notify('error', refusalMessage(error, t) ?? failed);
    }
    onClose();
  };
  return <ConfirmDialog {...dialog} onClose={onClose} onConfirm={confirm} />;
}
