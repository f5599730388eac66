import {
  Alert,
  Box,
  Button,
  EmptyState,
  HStack,
  IconButton,
  Input,
  InputGroup,
  NativeSelect,
  Spinner,
  Stack,
  Table,
  Text,
  VStack,
} from '@chakra-ui/react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { LuEye, LuInbox, LuPencil, LuSearch, LuUserPlus } from 'react-icons/lu';
import type { Priority, TicketStatus } from '#shared/constants.ts';
import { TICKET_TEXTS } from '#shared/messages.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { formatDate, formatDateTime, useUserTimezone } from '../../lib/dates.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { AssignTicketDialog } from './AssignTicketDialog.tsx';
import { EditTicketDialog } from './EditTicketDialog.tsx';
import { canAssignTickets, canEditTicket } from './permissions.ts';
import { type TicketFilters, ticketListQuery } from './queries.ts';
import { PriorityBadge, StatusBadge } from './TicketBadges.tsx';
import { TicketDetailDialog } from './TicketDetailDialog.tsx';
import { assigneeName } from './ticket-display.ts';
import { PriorityOptions, StatusOptions } from './TicketSelects.tsx';
import { useDebouncedValue } from './use-debounced-value.ts';

/** The server is asked once the typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface TicketsTableProps {
  /** The page's fixed part of the query: page size, and optionally type and assignee. */
  scope: Pick<TicketFilters, 'limit' | 'type' | 'assignedToId'>;
  /** Accessible name of the table. */
  label: string;
  /** Search box and status and priority filters (docs/product.md §2); off for the dashboard's latest tickets. */
  filterable?: boolean;
  /** A "Load more" button while the server has more. */
  paginate?: boolean;
  /** Shown when the scope holds no ticket at all (nothing searched or filtered); defaults to the product text. */
  emptyState?: ReactNode;
}

/** Widths of the columns that hold short values; Subject and Customer share what is left. */
const COLUMNS = [
  { title: 'Ticket ID', width: '6.25rem' },
  { title: 'Subject', width: undefined },
  { title: 'Customer', width: undefined },
  { title: 'Status', width: '6rem' },
  { title: 'Priority', width: '5rem' },
  { title: 'Assigned To', width: '7rem' },
  { title: 'Created', width: '6.5rem' },
  // Three 32 px icon buttons and their gaps.
  { title: 'Actions', width: '7.5rem' },
] as const;

type OpenDialog = { kind: 'view' | 'edit' | 'assign'; ticket: Ticket } | null;

/**
 * The shared tickets table (docs/product.md §2): server-side search and filters, the product columns, and the row actions the
 * signed-in user may use, each opening its dialog.
 */
export function TicketsTable({ scope, label, filterable = true, paginate = true, emptyState }: TicketsTableProps) {
  const user = useCurrentUser();
  const timeZone = useUserTimezone();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TicketStatus | ''>('');
  const [priority, setPriority] = useState<Priority | ''>('');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  const filters: TicketFilters = {
    ...scope,
    q: q || undefined,
    status: status || undefined,
    priority: priority || undefined,
  };
  const narrowed = Boolean(filters.q || filters.status || filters.priority);
  // The rows on screen stay while a new search loads: no flash of a spinner on every pause in typing.
  const list = useInfiniteQuery({ ...ticketListQuery(filters), placeholderData: keepPreviousData });
  const tickets = list.data?.pages.flatMap((page) => page.tickets) ?? [];

  const mayAssign = user ? canAssignTickets(user.role) : false;
  const mayEdit = (ticket: Ticket) => (user ? canEditTicket(user, ticket) : false);
  const close = () => setDialog(null);

  return (
    <Stack gap="4">
      {filterable && (
        <Stack direction={{ base: 'column', lg: 'row' }} gap="3">
          <InputGroup flex="1" startElement={<LuSearch aria-hidden />}>
            <Input
              type="search"
              aria-label="Search tickets"
              placeholder={TICKET_TEXTS.ticketSearchPlaceholder}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </InputGroup>
          <HStack gap="3">
            <NativeSelect.Root width={{ base: 'full', lg: '44' }}>
              <NativeSelect.Field
                aria-label="Filter by status"
                value={status}
                onChange={(event) => setStatus(event.target.value as TicketStatus | '')}
              >
                <option value="">All Status</option>
                <StatusOptions />
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <NativeSelect.Root width={{ base: 'full', lg: '44' }}>
              <NativeSelect.Field
                aria-label="Filter by priority"
                value={priority}
                onChange={(event) => setPriority(event.target.value as Priority | '')}
              >
                <option value="">All Priority</option>
                <PriorityOptions />
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </HStack>
        </Stack>
      )}

      {list.isPending ? (
        <HStack role="status" gap="3" py="10" justify="center" color="fg.muted">
          <Spinner size="sm" />
          <Text>Loading tickets...</Text>
        </HStack>
      ) : list.isError && !list.data ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : tickets.length === 0 ? (
        !narrowed && emptyState ? (
          emptyState
        ) : (
          <NoTickets title={TICKET_TEXTS.noTicketsMatch} />
        )
      ) : (
        <Box opacity={list.isPlaceholderData ? 0.6 : 1} aria-busy={list.isPlaceholderData} transition="opacity 0.15s">
          <Table.ScrollArea borderWidth="1px" rounded="md">
            {/* Fixed layout: the columns fit a 1280 px laptop beside the sidebar, long texts truncate; narrower, it scrolls. */}
            <Table.Root size="sm" aria-label={label} interactive tableLayout="fixed" minW="56rem">
              <Table.Header>
                <Table.Row>
                  {COLUMNS.map((column) => (
                    <Table.ColumnHeader key={column.title} w={column.width}>
                      {column.title}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {tickets.map((ticket) => (
                  <Table.Row key={ticket.id}>
                    <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                      {ticket.ticketId}
                    </Table.Cell>
                    <Table.Cell truncate title={ticket.subject}>
                      {ticket.subject}
                    </Table.Cell>
                    <Table.Cell truncate title={ticket.customerEmail}>
                      {ticket.customerEmail}
                    </Table.Cell>
                    <Table.Cell>
                      <StatusBadge status={ticket.status} />
                    </Table.Cell>
                    <Table.Cell>
                      <PriorityBadge priority={ticket.priority} />
                    </Table.Cell>
                    <Table.Cell
                      truncate
                      color={ticket.assignedTo ? undefined : 'fg.muted'}
                      title={assigneeName(ticket.assignedTo)}
                    >
                      {assigneeName(ticket.assignedTo)}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap" title={formatDateTime(ticket.createdAt, timeZone)}>
                      {formatDate(ticket.createdAt, timeZone)}
                    </Table.Cell>
                    <Table.Cell>
                      <HStack gap="1">
                        <RowAction
                          label={`View ticket ${ticket.ticketId}`}
                          onClick={() => setDialog({ kind: 'view', ticket })}
                        >
                          <LuEye />
                        </RowAction>
                        {mayEdit(ticket) && (
                          <RowAction
                            label={`Edit ticket ${ticket.ticketId}`}
                            onClick={() => setDialog({ kind: 'edit', ticket })}
                          >
                            <LuPencil />
                          </RowAction>
                        )}
                        {mayAssign && (
                          <RowAction
                            label={`Assign ticket ${ticket.ticketId}`}
                            onClick={() => setDialog({ kind: 'assign', ticket })}
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
          {list.isFetchNextPageError && <LoadError error={list.error} onRetry={() => void list.fetchNextPage()} />}
          {paginate && list.hasNextPage && (
            <Button
              mt="4"
              variant="outline"
              width="full"
              loading={list.isFetchingNextPage}
              loadingText="Loading..."
              onClick={() => void list.fetchNextPage()}
            >
              Load more
            </Button>
          )}
        </Box>
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
    </Stack>
  );
}

function RowAction({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <IconButton size="xs" variant="ghost" aria-label={label} title={label} onClick={onClick}>
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

function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Alert.Root status="error" role="alert" mt="4">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Could not load tickets</Alert.Title>
        <Alert.Description>{error.message}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Alert.Root>
  );
}
