import { Alert, Button, Checkbox, Dialog, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { ticketCode, ticketNumberOfCode } from '#shared/format.ts';
import type { Role } from '#shared/constants.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { CancelFooter, DialogFrame } from '../../components/ui/DialogFrames.tsx';
import { t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
import { notify } from '../../lib/notify.ts';
import { errorText, refusalMessage } from '../../lib/server-message.ts';
import { useMergeTicketMutation } from './mutations.ts';
import { canAssignTickets } from './permissions.ts';
import { ticketDetailQuery } from './queries.ts';

interface MergeTicketDialogProps {
  ticket: Ticket;
  role: Role;
  open: boolean;
  onClose: () => void;
  /** After the merge: the ticket merged into, whose page the caller opens. */
  onMerged: (target: Ticket) => void;
}

/**
 * Merge this ticket into another (docs/product.md, "Merge"): the other is named by its code and shown before anything
 * happens; two customers' tickets need an explicit yes (from an admin or a manager); it says first that it cannot be
 * undone.
 */
export function MergeTicketDialog({ ticket, role, open, onClose, onMerged }: MergeTicketDialogProps) {
  const t = useT();
  const [code, setCode] = useState('');
  const [differentCustomerOk, setDifferentCustomerOk] = useState(false);
  const merge = useMergeTicketMutation();
  const targetId = ticketNumberOfCode(code.trim());
  const valid = targetId !== undefined && targetId !== ticket.id;
  const target = useQuery({ ...ticketDetailQuery(targetId ?? 0), enabled: open && valid });
  const differentCustomer = target.data !== undefined && target.data.customerEmail !== ticket.customerEmail;
  const mayMergeCustomers = canAssignTickets(role);

  useEffect(() => {
    if (!open) return;
    setCode('');
    setDifferentCustomerOk(false);
  }, [open]);

  const ready =
    valid && target.data !== undefined && (!differentCustomer || (mayMergeCustomers && differentCustomerOk));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || !target.data) return;
    try {
      const result = await merge.mutateAsync({
        id: ticket.id,
        intoTicketId: target.data.id,
        allowDifferentCustomer: differentCustomer && differentCustomerOk,
      });
      notify('success', translate('merge.done', { source: ticket.ticketId, target: result.into.ticketId }));
      onClose();
      onMerged(result.into);
    } catch (error) {
      notify('error', refusalMessage(error, translate) ?? translate('merge.failed'));
    }
  };

  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      title={t('merge.title', { code: ticket.ticketId })}
      closeLabel={t('common.close')}
    >
      <form onSubmit={submit} noValidate>
        <Dialog.Body>
          <Stack gap="4">
            <Alert.Root status="warning" size="sm">
              <Alert.Indicator />
              <Alert.Description>{t('merge.cannotUndo', { code: ticket.ticketId })}</Alert.Description>
            </Alert.Root>
            <Field.Root invalid={code.trim() !== '' && !valid}>
              <Field.Label>{t('merge.into')}</Field.Label>
              <Input
                value={code}
                onChange={(event) => setCode(event.target.value)}
                placeholder={ticketCode(ticket.id + 1)}
                autoComplete="off"
              />
              <Field.ErrorText>
                {targetId === ticket.id ? t('error.ticket.mergeIntoItself') : t('merge.notACode')}
              </Field.ErrorText>
            </Field.Root>
            {valid && (
              <Text fontSize="sm" role="status" aria-live="polite">
                {target.isPending
                  ? t('merge.looking')
                  : target.isError
                    ? t('merge.notFound', { error: errorText(target.error, t) })
                    : t('merge.target', { subject: target.data.subject, email: target.data.customerEmail })}
              </Text>
            )}
            {differentCustomer &&
              (mayMergeCustomers ? (
                <Checkbox.Root
                  checked={differentCustomerOk}
                  onCheckedChange={(details) => setDifferentCustomerOk(details.checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{t('merge.differentCustomerOk')}</Checkbox.Label>
                </Checkbox.Root>
              ) : (
                <Text fontSize="sm" color="fg.error" role="alert">
                  {t('error.ticket.mergeDifferentCustomerDenied')}
                </Text>
              ))}
          </Stack>
        </Dialog.Body>
        <CancelFooter>
          <Button
            type="submit"
            colorPalette="red"
            disabled={!ready}
            loading={merge.isPending}
            loadingText={t('merge.merging')}
          >
            {t('merge.submit')}
          </Button>
        </CancelFooter>
      </form>
    </DialogFrame>
  );
}
