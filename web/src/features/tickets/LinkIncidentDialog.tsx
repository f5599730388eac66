import { Alert, Button, Dialog, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { ticketCode } from '#shared/format.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { CancelFooter, DialogFrame } from '../../components/ui/DialogFrames.tsx';
import { t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { errorText, refusalMessage } from '../../lib/server-message.ts';
import { incidentNumberOf } from './incidents.ts';
import { useLinkToIncidentMutation } from './mutations.ts';
import { ticketDetailQuery } from './queries.ts';

interface LinkIncidentDialogProps {
  ticket: Ticket;
  open: boolean;
  onClose: () => void;
}

/**
 * Link this ticket to an incident, or move it to another (docs/product.md §2 "Incidents"): the incident is named by
 * its ticket's code or number and shown before anything happens; what the server refuses is said in the dialog, and
 * what was typed stays.
 */
export function LinkIncidentDialog({ ticket, open, onClose }: LinkIncidentDialogProps) {
  const t = useT();
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const link = useLinkToIncidentMutation();
  const parentId = incidentNumberOf(code);
  const valid = parentId !== undefined && parentId !== ticket.id && parentId !== ticket.parentId;
  const parent = useQuery({ ...ticketDetailQuery(parentId ?? 0), enabled: open && valid });
  // A ticket that is part of an incident is no incident itself: said before the server would refuse it.
  const parentIsChild = parent.data !== undefined && parent.data.parentId !== null;
  const moving = ticket.parentId !== null;

  useEffect(() => {
    if (!open) return;
    setCode('');
    setRefusal(null);
  }, [open]);

  const ready = valid && parent.data !== undefined && !parentIsChild;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || !parent.data) return;
    setRefusal(null);
    try {
      await link.mutateAsync({ id: ticket.id, parentId: parent.data.id });
      notify('success', translate('incident.linked', { code: ticket.ticketId, parent: parent.data.ticketId }));
      onClose();
    } catch (error) {
      // A lapsed session has its own toast and sign-in (lib/query-client.ts).
      if (isUnauthorized(error)) return;
      setRefusal(refusalMessage(error, translate) ?? translate('incident.linkFailed', { error: errorText(error, t) }));
    }
  };

  const invalidText =
    parentId === ticket.id
      ? t('error.incident.ownParent')
      : parentId !== undefined && parentId === ticket.parentId
        ? t('incident.alreadyPart', { code: ticketCode(parentId) })
        : t('incident.notACode');

  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      title={t(moving ? 'incident.moveTitle' : 'incident.linkTitle', { code: ticket.ticketId })}
      closeLabel={t('common.close')}
    >
      <form onSubmit={submit} noValidate>
        <Dialog.Body>
          <Stack gap="4">
            <Text fontSize="sm">{t('incident.linkHint')}</Text>
            <Field.Root invalid={code.trim() !== '' && !valid}>
              <Field.Label>{t('incident.parentField')}</Field.Label>
              <Input
                value={code}
                onChange={(event) => {
                  setCode(event.target.value);
                  setRefusal(null);
                }}
                placeholder={ticketCode(42)}
                autoComplete="off"
              />
              <Field.ErrorText>{invalidText}</Field.ErrorText>
            </Field.Root>
            {valid && (
              <Text fontSize="sm" role="status" aria-live="polite">
                {parent.isPending
                  ? t('merge.looking')
                  : parent.isError
                    ? t('merge.notFound', { error: errorText(parent.error, t) })
                    : t('merge.target', { subject: parent.data.subject, email: parent.data.customerEmail })}
              </Text>
            )}
            {parentIsChild && (
              <Text fontSize="sm" color="fg.error" role="alert">
                {t('error.incident.parentIsChild')}
              </Text>
            )}
            {refusal && (
              <Alert.Root status="error" size="sm" role="alert">
                <Alert.Indicator />
                <Alert.Description>{refusal}</Alert.Description>
              </Alert.Root>
            )}
          </Stack>
        </Dialog.Body>
        <CancelFooter>
          <Button type="submit" disabled={!ready} loading={link.isPending} loadingText={t('incident.linking')}>
            {moving ? t('incident.moveSubmit') : t('incident.linkSubmit')}
          </Button>
        </CancelFooter>
      </form>
    </DialogFrame>
  );
}
