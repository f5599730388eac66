import {
  Box,
  Button,
  Checkbox,
  EmptyState,
  HStack,
  IconButton,
  Spinner,
  Stack,
  Table,
  Text,
  VStack,
} from '@chakra-ui/react';
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { type ComponentProps, type ReactNode, useDeferredValue, useState } from 'react';
import { LuEye, LuInbox, LuPencil, LuUserPlus } from 'react-icons/lu';
import type { MessageKey } from '#shared/i18n/messages.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { LoadError } from '../../components/LoadError.tsx';
import { PriorityBadge, StatusBadge } from '../../components/ui/TicketBadges.tsx';
import { RestrictedBadge } from './Restricted.tsx';
import { useT } from '../../i18n/react.tsx';
import { redactedText } from '../../lib/redaction-text.ts';
import { useFormat } from '../../i18n/use-format.ts';
import { assigneeName } from '../../lib/ticket-display.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { BulkChangesBar } from './BulkChangesBar.tsx';
import { AssignTicketDialog, EditTicketDialog, TicketDetailDialog } from './dialogs.ts';
import { canAssignTickets, canEditTicket } from './permissions.ts';
import { SlaClocks } from './SlaClocks.tsx';
import { type TicketFilters, ticketListQuery } from './queries.ts';

export interface TicketsTableProps {
  /** What the list asks the server for: page size, and the screen's fixed scope and its filters from the URL. */
  filters: TicketFilters;
  /** Accessible name of the table. */
  label: string;
  /** A "Load more" button while the server has more. */
  paginate?: boolean;
  /** Shown when the scope holds no ticket at all (nothing searched or filtered); defaults to the product text. */
  emptyState?: ReactNode;
  /** A checkbox per row and the bulk changes bar (docs/product.md §2 "Tickets table"). */
  selectable?: boolean;
}

/**
 * Widths of the columns that hold short values; Subject and Customer share what is left. The widths fit the longest
 * of the six languages' headers (German) beside the values.
 */
const COLUMNS = [
  { title: 'ticketTable.ticketId', width: '6.25rem' },
  { title: 'ticketTable.subject', width: undefined },
  { title: 'ticketTable.customer', width: undefined },
  // The status badge above the next SLA clock's name and countdown ("⚠ 1d 2h 30m left", longer in German).
  { title: 'ticketTable.status', width: '9.5rem' },
  { title: 'ticketTable.priority', width: '5rem' },
  { title: 'ticketTable.assignedTo', width: '7rem' },
  { title: 'ticketTable.created', width: '6.5rem' },
  // Three 32 px icon buttons and their gaps.
  { title: 'ticketTable.actions', width: '7.5rem' },
] as const satisfies ReadonlyArray<{ title: MessageKey; width: string | undefined }>;

type OpenDialog = { kind: 'view' | 'edit' | 'assign'; ticket: Ticket } | null;

/** The checkbox column of a selectable table: a 16 px box and the cell's padding. */
const SELECT_COLUMN_WIDTH = '2.75rem';

/**
 * The shared tickets table (docs/product.md §2): the list the server finds for `filters` (read with
 * `useSuspenseQuery`, loaded by the screen's route), the product columns, and the row actions the signed-in user
 * may use, each opening its dialog. When the filters change, the rows on screen stay, dimmed, until the new ones
 * have arrived. A selectable table lets the user pick rows and change them together; changing the filters clears
 * the selection, and only rows on screen count as selected.
 */
export function TicketsTable({ filters, label, paginate = true, emptyState, selectable = false }: TicketsTableProps) {
  const t = useT();
  const format = useFormat();
  const shownFilters = useDeferredValue(filters);
  const list = useSuspenseInfiniteQuery(ticketListQuery(shownFilters));
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const user = useCurrentUser();
  const tickets = list.data.pages.flatMap((page) => page.tickets);
  const narrowed = Boolean(shownFilters.q || shownFilters.status || shownFilters.priority);
  const stale = shownFilters !== filters;

  const mayAssign = user ? canAssignTickets(user.role) : false;
  const mayEdit = (ticket: Ticket) => (user ? canEditTicket(user, ticket) : false);
  const close = () => setDialog(null);

  const [checked, setChecked] = useState<ReadonlySet<number>>(() => new Set());
  const [checkedFor, setCheckedFor] = useState(filters);
  // Derived state, updated during render (react.dev "storing information from previous renders"): new filters, a new
  // list, nothing selected.
  if (checkedFor !== filters) {
    setCheckedFor(filters);
    setChecked(new Set());
  }
  const selectedTickets = selectable ? tickets.filter((ticket) => checked.has(ticket.id)) : [];
  const allSelected = tickets.length > 0 && selectedTickets.length === tickets.length;
  const toggle = (id: number, on: boolean) =>
    setChecked((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = () => setChecked(allSelected ? new Set() : new Set(tickets.map((ticket) => ticket.id)));

  return (
    <Box opacity={stale ? 0.6 : 1} aria-busy={stale} transition="opacity 0.15s">
      {tickets.length === 0 ? (
        !narrowed && emptyState ? (
          emptyState
        ) : (
          <NoTickets title={t('tickets.noneMatch')} />
        )
      ) : (
        <>
          {user && selectedTickets.length > 0 && (
            <Box mb="3">
              <BulkChangesBar
                selected={selectedTickets}
                role={user.role}
                onClear={() => setChecked(new Set())}
                onDone={(refusedIds) => setChecked(new Set(refusedIds))}
              />
            </Box>
          )}
          <Table.ScrollArea borderWidth="1px" rounded="md">
            {/* Fixed layout: the columns fit a 1280 px laptop beside the sidebar, long texts truncate; narrower, it scrolls. */}
            <Table.Root
              size="sm"
              aria-label={label}
              interactive
              tableLayout="fixed"
              minW={selectable ? '58.75rem' : '56rem'}
            >
              <Table.Header>
                <Table.Row>
                  {selectable && (
                    <Table.ColumnHeader w={SELECT_COLUMN_WIDTH}>
                      <SelectBox
                        label={t('ticketTable.selectAll')}
                        checked={allSelected ? true : selectedTickets.length > 0 ? 'indeterminate' : false}
                        onChange={toggleAll}
                      />
                    </Table.ColumnHeader>
                  )}
                  {COLUMNS.map((column) => (
                    <Table.ColumnHeader key={column.title} w={column.width}>
                      {t(column.title)}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {tickets.map((ticket) => (
                  <Table.Row key={ticket.id} bg={selectable && checked.has(ticket.id) ? 'bg.emphasized' : undefined}>
                    {selectable && (
                      <Table.Cell>
                        <SelectBox
                          label={t('ticketTable.select', { code: ticket.ticketId })}
                          checked={checked.has(ticket.id)}
                          onChange={(on) => toggle(ticket.id, on)}
                        />
                      </Table.Cell>
                    )}
                    <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                      {ticket.ticketId}
                    </Table.Cell>
                    <Table.Cell truncate title={redactedText(ticket.subject, t)}>
                      {redactedText(ticket.subject, t)}
                    </Table.Cell>
                    <Table.Cell truncate title={ticket.customerEmail}>
                      {ticket.customerEmail}
                    </Table.Cell>
                    <Table.Cell>
                      <Stack gap="1" align="start">
                        <StatusBadge status={ticket.status} />
                        <RestrictedBadge ticket={ticket} />
                        <SlaClocks ticket={ticket} show="next" />
                      </Stack>
                    </Table.Cell>
                    <Table.Cell>
                      <PriorityBadge priority={ticket.priority} />
                    </Table.Cell>
                    <Table.Cell
                      truncate
                      color={ticket.assignedTo ? undefined : 'fg.muted'}
                      title={assigneeName(ticket.assignedTo, t)}
                    >
                      {assigneeName(ticket.assignedTo, t)}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap" title={format.dateTime(ticket.createdAt)}>
                      {format.date(ticket.createdAt)}
                    </Table.Cell>
                    <Table.Cell>
                      <HStack gap="1">
                        <RowAction
                          label={t('ticketTable.view', { code: ticket.ticketId })}
                          onClick={() => setDialog({ kind: 'view', ticket })}
                          preload={TicketDetailDialog.preload}
                        >
                          <LuEye />
                        </RowAction>
                        {mayEdit(ticket) && (
                          <RowAction
                            label={t('ticketTable.edit', { code: ticket.ticketId })}
                            onClick={() => setDialog({ kind: 'edit', ticket })}
                            preload={EditTicketDialog.preload}
                          >
                            <LuPencil />
                          </RowAction>
                        )}
                        {mayAssign && (
                          <RowAction
                            label={t('ticketTable.assign', { code: ticket.ticketId })}
                            onClick={() => setDialog({ kind: 'assign', ticket })}
                            preload={AssignTicketDialog.preload}
                          >
                            <LuUserPlus />
                          </RowAction>
                        )}
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          {list.isFetchNextPageError && list.error && (
            <TicketsLoadError mt="4" error={list.error} onRetry={() => void list.fetchNextPage()} />
          )}
          {paginate && list.hasNextPage && (
            <Button
              mt="4"
              variant="outline"
              width="full"
              loading={list.isFetchingNextPage}
              loadingText={t('ticketTable.loadingMore')}
              onClick={() => void list.fetchNextPage()}
            >
              {t('ticketTable.loadMore')}
            </Button>
          )}
        </>
      )}

      <TicketDetailDialog
        ticket={dialog?.kind === 'view' ? dialog.ticket : null}
        onClose={close}
        onEdit={(ticket) => setDialog({ kind: 'edit', ticket })}
      />
      <EditTicketDialog ticketId={dialog?.kind === 'edit' ? dialog.ticket.id : null} onClose={close} />
      {mayAssign && (
        <AssignTicketDialog open={dialog?.kind === 'assign'} ticket={dialog?.ticket ?? null} onClose={close} />
      )}
    </Box>
  );
}

/** A row's (or the header's) selection checkbox, named for assistive technology; Tab reaches it, Space toggles it. */
function SelectBox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean | 'indeterminate';
  onChange: (checked: boolean) => void;
}) {
  return (
    <Checkbox.Root
      size="sm"
      display="flex"
      checked={checked}
      onCheckedChange={(details) => onChange(details.checked === true)}
    >
      <Checkbox.HiddenInput aria-label={label} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

interface RowActionProps {
  label: string;
  onClick: () => void;
  /** Fetches the code of the dialog the button opens, as the pointer or the focus reaches it. */
  preload: () => void;
  children: ReactNode;
}

function RowAction({ label, onClick, preload, children }: RowActionProps) {
  return (
    <IconButton
      size="xs"
      variant="ghost"
      aria-label={label}
      title={label}
      onClick={onClick}
      onPointerEnter={preload}
      onFocus={preload}
    >
      {children}
    </IconButton>
  );
}

/** The empty list: the product text as the title. */
export function NoTickets({ title, description }: { title: string; description?: string }) {
  return (
    <EmptyState.Root borderWidth="1px" rounded="md">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <LuInbox />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title>{title}</EmptyState.Title>
          {description && <EmptyState.Description>{description}</EmptyState.Description>}
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** The list (or its next page) could not be read: the server's reason and Try again. */
export function TicketsLoadError(props: Omit<ComponentProps<typeof LoadError>, 'title'>) {
  const t = useT();
  return <LoadError title={t('tickets.loadFailed')} {...props} />;
}

/** A tickets list's loading state (the route's pending component, and the dashboard's latest tickets). */
export function TicketsLoading() {
  const t = useT();
  return (
    <HStack role="status" gap="3" py="10" justify="center" color="fg.muted">
      <Spinner size="sm" />
      <Text>{t('tickets.loading')}</Text>
    </HStack>
  );
}
