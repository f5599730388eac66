import { Badge, Button, Card, EmptyState, Stack, Table, Text, VStack } from '@chakra-ui/react';
import { useSuspenseInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LuMailCheck, LuRotateCw } from 'react-icons/lu';
import { MAIL_TEXTS } from '#shared/messages.ts';
import type { FailedMail } from '#shared/schemas/mail.ts';
import { AccessDenied } from '../../components/AccessDenied.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { formatDateTime, useUserTimezone } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.ts';
import { SECTION_TITLES, canOpen } from '../../lib/sections.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { ticketCode } from '#shared/format.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { mailTypeText, refusalText, setAsideText } from './mail-display.ts';
import { failedMailQuery, inboundRefusalsQuery, useRetryFailedMailMutation } from './queries.ts';

/**
 * Email Delivery, admins only (docs/product.md §2): the e-mails that failed for good, each with its error and a Retry,
 * and the incoming mail that changed nothing, by reason. The route's loader has read both.
 */
export function MailDeliveryPage() {
  const user = useCurrentUser();
  if (!user || !canOpen(user.role, 'mail')) return <AccessDenied />;
  return (
    <>
      <PageHeader title={SECTION_TITLES.mail} description="What the help desk could not send, and what it refused." />
      <Stack gap="6">
        <Section
          title={MAIL_TEXTS.failedTitle}
          description={MAIL_TEXTS.failedDescription}
          failed={MAIL_TEXTS.failedLoadFailed}
        >
          <FailedMailTable />
        </Section>
        <Section
          title={MAIL_TEXTS.refusedTitle}
          description={MAIL_TEXTS.refusedDescription}
          failed={MAIL_TEXTS.refusedLoadFailed}
        >
          <RefusedMailTable />
        </Section>
      </Stack>
    </>
  );
}

/** One part of the page: its heading and what it shows, or why it could not be read and Try again. */
function Section({
  title,
  description,
  failed,
  children,
}: {
  title: string;
  description: string;
  failed: string;
  children: ReactNode;
}) {
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">{title}</Card.Title>
        <Card.Description>{description}</Card.Description>
      </Card.Header>
      <Card.Body>
        <QueryBoundary error={(error, retry) => <LoadError title={failed} error={error} onRetry={retry} />}>
          {children}
        </QueryBoundary>
      </Card.Body>
    </Card.Root>
  );
}

function FailedMailTable() {
  const list = useSuspenseInfiniteQuery(failedMailQuery());
  const timeZone = useUserTimezone();
  const mails = list.data.pages.flatMap((page) => page.mails);
  if (mails.length === 0) {
    return (
      <EmptyState.Root>
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuMailCheck />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Description>{MAIL_TEXTS.noFailedMail}</EmptyState.Description>
          </VStack>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  return (
    <Stack gap="4">
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" aria-label={MAIL_TEXTS.failedTitle} minW="48rem">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Ticket</Table.ColumnHeader>
              <Table.ColumnHeader>E-mail</Table.ColumnHeader>
              <Table.ColumnHeader>Attempts</Table.ColumnHeader>
              <Table.ColumnHeader>Set aside</Table.ColumnHeader>
              <Table.ColumnHeader>Last error</Table.ColumnHeader>
              <Table.ColumnHeader>
                <Text srOnly>Action</Text>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {mails.map((mail) => (
              <Table.Row key={mail.id}>
                <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                  {ticketCode(mail.ticketId)}
                </Table.Cell>
                <Table.Cell>
                  <Text>{mailTypeText(mail.type)}</Text>
                  {mail.recipient && (
                    <Text fontSize="xs" color="fg.muted">
                      {mail.recipient}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell fontVariantNumeric="tabular-nums">{mail.attempts}</Table.Cell>
                <Table.Cell>
                  <Text whiteSpace="nowrap">{formatDateTime(mail.parkedAt, timeZone)}</Text>
                  <Badge size="sm" variant="subtle" colorPalette={mail.reason === 'permanent' ? 'red' : 'orange'}>
                    {setAsideText(mail.reason)}
                  </Badge>
                </Table.Cell>
                <Table.Cell maxW="20rem" wordBreak="break-word" fontSize="xs" fontFamily="mono">
                  {mail.lastError}
                </Table.Cell>
                <Table.Cell>
                  <RetryButton mail={mail} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {list.isFetchNextPageError && list.error && (
        <LoadError title={MAIL_TEXTS.failedLoadFailed} error={list.error} onRetry={() => void list.fetchNextPage()} />
      )}
      {list.hasNextPage && (
        <Button
          variant="outline"
          loading={list.isFetchingNextPage}
          loadingText="Loading..."
          onClick={() => void list.fetchNextPage()}
        >
          Load more
        </Button>
      )}
    </Stack>
  );
}

function RetryButton({ mail }: { mail: FailedMail }) {
  const retry = useRetryFailedMailMutation();
  return (
    <Button
      size="xs"
      variant="outline"
      aria-label={`${MAIL_TEXTS.retry}: ${mailTypeText(mail.type)}, ${ticketCode(mail.ticketId)}`}
      loading={retry.isPending}
      loadingText={MAIL_TEXTS.retrying}
      onClick={() =>
        retry.mutate(mail.id, {
          onSuccess: () => notify('success', MAIL_TEXTS.retried),
          onError: (error) => notify('error', MAIL_TEXTS.retryFailed, refusalMessage(error)),
        })
      }
    >
      <LuRotateCw aria-hidden />
      {MAIL_TEXTS.retry}
    </Button>
  );
}

function RefusedMailTable() {
  const { data: refusals } = useSuspenseQuery(inboundRefusalsQuery());
  const timeZone = useUserTimezone();
  if (refusals.length === 0) return <Text color="fg.muted">{MAIL_TEXTS.noRefusedMail}</Text>;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label={MAIL_TEXTS.refusedTitle} minW="40rem">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Reason</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Messages</Table.ColumnHeader>
            <Table.ColumnHeader>Last one</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {refusals.map((refusal) => (
            <Table.Row key={refusal.reason}>
              <Table.Cell>{refusalText(refusal.reason)}</Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {refusal.count}
              </Table.Cell>
              <Table.Cell>
                <Text whiteSpace="nowrap">{formatDateTime(refusal.lastAt, timeZone)}</Text>
                <Text fontSize="xs" color="fg.muted" wordBreak="break-word">
                  {refusal.lastDetail}
                </Text>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
