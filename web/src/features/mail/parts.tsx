import { Button, EmptyState, Stack, Table, Text, VStack } from '@chakra-ui/react';
import type { InfiniteData, UseSuspenseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { MessageKey } from '#shared/i18n/messages.ts';
import { LoadError } from '../../components/LoadError.tsx';
import { useT } from '../../i18n/react.tsx';

interface PagedMailTableProps<T extends { id: string }> {
  /** The list as read so far, a page of `{ mails }` at a time. */
  list: UseSuspenseInfiniteQueryResult<InfiniteData<{ mails: T[] }>>;
  /** The table's name (its section's title) and what a next page that cannot be read is called. */
  title: MessageKey;
  failedTitle: MessageKey;
  /** What an empty list says, with its picture. */
  empty: { icon: ReactNode; text: MessageKey };
  /** The column headings; a last column, named for screen readers only, holds each row's actions. */
  columns: readonly MessageKey[];
  /** The cells of one row, the actions last. */
  cells: (mail: T) => ReactNode;
}

/** One of the admin lists of mail: a row per message, newest first, and Load more while there are more pages. */
export function PagedMailTable<T extends { id: string }>({
  list,
  title,
  failedTitle,
  empty,
  columns,
  cells,
}: PagedMailTableProps<T>) {
  const t = useT();
  const mails = list.data.pages.flatMap((page) => page.mails);
  if (mails.length === 0) {
    return (
      <EmptyState.Root>
        <EmptyState.Content>
          <EmptyState.Indicator>{empty.icon}</EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Description>{t(empty.text)}</EmptyState.Description>
          </VStack>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  return (
    <Stack gap="4">
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" aria-label={t(title)} minW="48rem">
          <Table.Header>
            <Table.Row>
              {columns.map((column) => (
                <Table.ColumnHeader key={column}>{t(column)}</Table.ColumnHeader>
              ))}
              <Table.ColumnHeader>
                <Text srOnly>{t('mail.column.action')}</Text>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {mails.map((mail) => (
              <Table.Row key={mail.id}>{cells(mail)}</Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {list.isFetchNextPageError && list.error && (
        <LoadError title={t(failedTitle)} error={list.error} onRetry={() => void list.fetchNextPage()} />
      )}
      {list.hasNextPage && (
        <Button
          variant="outline"
          loading={list.isFetchingNextPage}
          loadingText={t('mail.loading')}
          onClick={() => void list.fetchNextPage()}
        >
          {t('mail.loadMore')}
        </Button>
      )}
    </Stack>
  );
}
