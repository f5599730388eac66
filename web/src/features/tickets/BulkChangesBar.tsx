import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Priority, Role, TicketStatus } from '#shared/constants.ts';
import { ticketCode } from '#shared/format.ts';
import type { BulkTicketChanges, BulkTicketResult } from '#shared/schemas/ticket.ts';
import { formatList } from '../../i18n/format.ts';
import { currentLanguage, hasText, t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
import { notify } from '../../lib/notify.ts';
import { SelectField, TextField } from './FormFields.tsx';
import { incidentNumberOf } from './incidents.ts';
import { useBulkUpdateTicketsMutation } from './mutations.ts';
import { notifyFailure } from './notify-failure.ts';
import { canAssignTickets } from './permissions.ts';
import { assignableStaffQuery } from './queries.ts';
import { PriorityOptions, StaffOptions, StatusOptions } from './TicketSelects.tsx';

interface BulkChangesBarProps {
  /** The selected tickets, in the list's order: their numbers, and the codes the toast names them by. */
  selected: ReadonlyArray<{ id: number; ticketId: string }>;
  /** The signed-in user's role: only admins and managers are offered an assignee (docs/product.md §6). */
  role: Role;
  onClear: () => void;
  /** After the server answered: the tickets it refused, which stay selected. */
  onDone: (refusedIds: number[]) => void;
}

/** What each select holds: '' for "No change"; the incident's ticket as typed ('' for none). */
interface Choices {
  status: TicketStatus | '';
  priority: Priority | '';
  assignedToId: string;
  incident: string;
}

const NO_CHANGES: Choices = { status: '', priority: '', assignedToId: '', incident: '' };

/**
 * The bar over a tickets list while rows are selected (docs/product.md §2 "Tickets table"): how many, the changes to
 * make to all of them (the selects of the edit and assign dialogs, with 'No change' first; the incident to link them
 * to, docs/product.md §2 "Incidents"), Apply and Clear selection.
 * The server changes each ticket as if edited alone; the toast counts what changed and what was refused, and why.
 */
export function BulkChangesBar({ selected, role, onClear, onDone }: BulkChangesBarProps) {
  const t = useT();
  const mayAssign = canAssignTickets(role);
  const staff = useQuery({ ...assignableStaffQuery(), enabled: mayAssign });
  const bulk = useBulkUpdateTicketsMutation();
  const [choices, setChoices] = useState<Choices>(NO_CHANGES);
  const parentId = incidentNumberOf(choices.incident);
  const incidentInvalid = choices.incident.trim() !== '' && parentId === undefined;
  const changes: BulkTicketChanges = {
    ...(choices.status ? { status: choices.status } : {}),
    ...(choices.priority ? { priority: choices.priority } : {}),
    ...(choices.assignedToId ? { assignedToId: choices.assignedToId } : {}),
    ...(parentId !== undefined ? { parentId } : {}),
  };
  const nothingChosen = Object.keys(changes).length === 0;
  const choose = (name: keyof Choices) => (event: { target: { value: string } }) =>
    setChoices((previous) => ({ ...previous, [name]: event.target.value }));

  const apply = async () => {
    let results: BulkTicketResult[];
    try {
      results = await bulk.mutateAsync({ ticketIds: selected.map((ticket) => ticket.id), changes });
    } catch (error) {
      notifyFailure(error, translate('bulkChanges.failed'));
      return;
    }
    const refused = results.filter((result) => !result.ok);
    const title = translate('bulkChanges.result', {
      changed: results.length - refused.length,
      refused: refused.length,
    });
    if (refused.length === 0) notify('success', title);
    else notify('warning', title, refusalDetail(refused, selected));
    setChoices(NO_CHANGES);
    onDone(refused.map((result) => result.id));
  };

  return (
    <Stack
      role="region"
      aria-label={t('bulkChanges.label')}
      direction={{ base: 'column', lg: 'row' }}
      align={{ base: 'stretch', lg: 'flex-end' }}
      gap="3"
      p="3"
      borderWidth="1px"
      rounded="md"
      bg="bg.muted"
    >
      <Text fontWeight="medium" alignSelf={{ lg: 'center' }} minW="24" aria-live="polite">
        {t('bulkChanges.selected', { count: selected.length })}
      </Text>
      <Box flex="1" minW="40">
        <SelectField label={t('bulkChanges.status')} value={choices.status} onChange={choose('status')}>
          <option value="">{t('bulkChanges.noChange')}</option>
          <StatusOptions />
        </SelectField>
      </Box>
      <Box flex="1" minW="40">
        <SelectField label={t('bulkChanges.priority')} value={choices.priority} onChange={choose('priority')}>
          <option value="">{t('bulkChanges.noChange')}</option>
          <PriorityOptions />
        </SelectField>
      </Box>
      {mayAssign && (
        <Box flex="1" minW="40">
          <SelectField label={t('bulkChanges.assignee')} value={choices.assignedToId} onChange={choose('assignedToId')}>
            <option value="">{t('bulkChanges.noChange')}</option>
            <StaffOptions staff={staff.data} />
          </SelectField>
        </Box>
      )}
      <Box flex="1" minW="40">
        <TextField
          label={t('bulkChanges.incident')}
          value={choices.incident}
          onChange={choose('incident')}
          placeholder={ticketCode(42)}
          autoComplete="off"
          error={incidentInvalid ? t('incident.notACode') : undefined}
        />
      </Box>
      <HStack gap="2">
        <Button
          size="sm"
          disabled={nothingChosen || incidentInvalid}
          loading={bulk.isPending}
          loadingText={t('bulkChanges.applying')}
          onClick={() => void apply()}
        >
          {t('bulkChanges.apply')}
        </Button>
        <Button size="sm" variant="ghost" disabled={bulk.isPending} onClick={onClear}>
          {t('bulkChanges.clear')}
        </Button>
      </HStack>
    </Stack>
  );
}

/** 'The refused tickets stay selected.' and, per reason, the tickets it refused: 'TKT-000007: Ticket not found'. */
function refusalDetail(refused: readonly BulkTicketResult[], selected: BulkChangesBarProps['selected']): string {
  const codeOf = new Map(selected.map((ticket) => [ticket.id, ticket.ticketId]));
  const byReason = new Map<string, string[]>();
  for (const result of refused) {
    const reason = result.code ?? 'error.internal';
    byReason.set(reason, [...(byReason.get(reason) ?? []), codeOf.get(result.id) ?? String(result.id)]);
  }
  const reasons = [...byReason].map(([code, tickets]) =>
    translate('bulkChanges.refusal', {
      tickets: formatList(tickets, currentLanguage()),
      reason: hasText(code) ? translate(code) : code,
    }),
  );
  return [translate('bulkChanges.refusedStaySelected'), ...reasons].join(' ');
}
