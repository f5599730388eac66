import {
  Box,
  Button,
  EmptyState,
  Field,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Table,
  Text,
  VStack,
} from '@chakra-ui/react';
import { useQuery, useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useDeferredValue, useMemo, useState } from 'react';
import { LuDownload, LuScrollText } from 'react-icons/lu';
import type { MessageKey } from '#shared/i18n/messages.ts';
import { AUDIT_ACTIONS } from '#shared/schemas/audit.ts';
import { LoadError } from '../../components/LoadError.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { useT } from '../../i18n/react.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { displayNameOf } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { SECTION_TITLES } from '../../lib/sections.ts';
import { staffQuery } from '../tickets/queries.ts';
import { AUDIT_ACTION_LABELS } from './audit-labels.ts';
import type { AuditSearch } from './audit-search.ts';
import { auditCsv, auditCsvFileName } from './csv.ts';
import { auditLogQuery, EXPORT_MAX_ENTRIES, fetchAllAuditEntries } from './queries.ts';

const route = getRouteApi('/$role/_signedIn/audit');

const COLUMNS: readonly { title: MessageKey; width?: string }[] = [
  { title: 'audit.column.time', width: '11rem' },
  { title: 'audit.column.action', width: '11rem' },
  { title: 'audit.column.actor' },
  { title: 'audit.column.target' },
  { title: 'audit.column.details' },
  { title: 'audit.column.clientAddress', width: '9rem' },
];

/**
 * The audit log (docs/product.md §2 "Audit Log"), for admins: every administrative action and sign-in, newest first,
 * filtered by actor, action and period. The filters live in the URL (`?actor=&action=&from=&to=`); the route's loader
 * has read the first page they select. Export CSV downloads every entry the filters select, all pages.
 */
export function AuditPage() {
  const t = useT();
  const { actor, action, from, to } = route.useSearch();
  const navigate = route.useNavigate();
  const filters = useMemo<AuditSearch>(() => ({ actor, action, from, to }), [actor, action, from, to]);
  const setSearch = (changes: AuditSearch) =>
    void navigate({ search: (prev) => ({ ...prev, ...changes }), resetScroll: false });
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { entries, complete } = await fetchAllAuditEntries(filters);
      download(auditCsv(entries, t), auditCsvFileName(filters, new Date()));
      if (!complete) notify('warning', t('audit.exportTruncated', { max: EXPORT_MAX_ENTRIES }));
    } catch (error) {
      notify('error', t('audit.exportFailed'), error instanceof Error ? error.message : undefined);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t(SECTION_TITLES.audit)}
        description={t('audit.description')}
        actions={
          <Button
            variant="outline"
            onClick={() => void exportCsv()}
            loading={exporting}
            loadingText={t('audit.exporting')}
          >
            <LuDownload aria-hidden />
            {t('audit.exportCsv')}
          </Button>
        }
      />
      <Stack gap="4">
        <AuditFilterBar filters={filters} onChange={setSearch} />
        <AuditTable filters={filters} />
      </Stack>
    </>
  );
}

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Actor, action and period, each written to the URL as it changes (a history entry per change). */
function AuditFilterBar({ filters, onChange }: { filters: AuditSearch; onChange: (changes: AuditSearch) => void }) {
  const t = useT();
  const staff = useQuery(staffQuery());
  const known = staff.data ?? [];
  const actorIsStaff = !filters.actor || known.some((member) => member.id === filters.actor);
  return (
    <Stack direction={{ base: 'column', lg: 'row' }} gap="3" align={{ lg: 'end' }}>
      <Field.Root width={{ base: 'full', lg: '64' }}>
        <Field.Label>{t('audit.column.actor')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={filters.actor ?? ''}
            onChange={(event) => onChange({ actor: event.target.value || undefined })}
          >
            <option value="">{t('audit.anyone')}</option>
            {!actorIsStaff && <option value={filters.actor}>{filters.actor}</option>}
            {known.map((member) => (
              <option key={member.id} value={member.id}>
                {t('agents.person', { name: displayNameOf(member, t), email: member.email })}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root width={{ base: 'full', lg: '56' }}>
        <Field.Label>{t('audit.column.action')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={filters.action ?? ''}
            onChange={(event) =>
              onChange({ action: AUDIT_ACTIONS.find((candidate) => candidate === event.target.value) })
            }
          >
            <option value="">{t('audit.allActions')}</option>
            {AUDIT_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {t(AUDIT_ACTION_LABELS[value])}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <HStack gap="3">
        <Field.Root>
          <Field.Label>{t('audit.from')}</Field.Label>
          <Input
            type="date"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(event) => onChange({ from: event.target.value || undefined })}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('audit.to')}</Field.Label>
          <Input
            type="date"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(event) => onChange({ to: event.target.value || undefined })}
          />
        </Field.Root>
      </HStack>
    </Stack>
  );
}

/** The entries the filters select, a page at a time; the rows on screen stay, dimmed, while new filters load. */
function AuditTable({ filters }: { filters: AuditSearch }) {
  const shown = useDeferredValue(filters);
  const t = useT();
  const format = useFormat();
  const log = useSuspenseInfiniteQuery(auditLogQuery(shown));
  const entries = log.data.pages.flatMap((page) => page.entries);
  const stale = shown !== filters;

  if (entries.length === 0) {
    return (
      <EmptyState.Root borderWidth="1px" rounded="md">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuScrollText />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title>{t('audit.empty')}</EmptyState.Title>
          </VStack>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  return (
    <Box opacity={stale ? 0.6 : 1} aria-busy={stale} transition="opacity 0.15s">
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" aria-label={t('audit.tableLabel')} tableLayout="fixed" minW="60rem">
          <Table.Header>
            <Table.Row>
              {COLUMNS.map((column) => (
                <Table.ColumnHeader key={column.title} w={column.width}>
                  {t(column.title)}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {entries.map((entry) => (
              <Table.Row key={entry.id}>
                <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums" title={entry.at}>
                  {format.dateTime(entry.at)}
                </Table.Cell>
                <Table.Cell>
                  {AUDIT_ACTION_LABELS[entry.action] ? t(AUDIT_ACTION_LABELS[entry.action]) : entry.action}
                </Table.Cell>
                <Table.Cell truncate title={entry.actor.name}>
                  {entry.actor.name}
                  {entry.approvedBy && (
                    // The second admin of a four-eyes action (docs/decisions/095-four-eyes-approval.md).
                    <Text fontSize="xs" color="fg.muted" truncate title={entry.approvedBy.name}>
                      {t('audit.approvedBy', { name: entry.approvedBy.name })}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell truncate title={entry.target?.name}>
                  {entry.target ? entry.target.name : '—'}
                </Table.Cell>
                <Table.Cell truncate title={entry.details ?? undefined}>
                  {entry.details ?? '—'}
                </Table.Cell>
                <Table.Cell fontFamily="mono" fontSize="xs" truncate title={entry.clientAddress ?? undefined}>
                  {entry.clientAddress ?? '—'}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {log.isFetchNextPageError && log.error && (
        <Box mt="4">
          <LoadError title={t('audit.loadFailed')} error={log.error} onRetry={() => void log.fetchNextPage()} />
        </Box>
      )}
      {log.hasNextPage && (
        <Button
          mt="4"
          variant="outline"
          width="full"
          loading={log.isFetchingNextPage}
          loadingText={t('ticketTable.loadingMore')}
          onClick={() => void log.fetchNextPage()}
        >
          {t('ticketTable.loadMore')}
        </Button>
      )}
    </Box>
  );
}
