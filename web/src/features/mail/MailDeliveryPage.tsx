import { Badge, Button, Card, Stack, Table, Text } from '@chakra-ui/react';
import { useSuspenseInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LuMailCheck, LuRotateCw } from 'react-icons/lu';
import type { MessageKey } from '#shared/i18n/messages.ts';
import type { FailedMail } from '#shared/schemas/mail.ts';
import { AccessDenied } from '../../components/AccessDenied.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { useT } from '../../i18n/react.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { notify } from '../../lib/notify.ts';
import { SECTION_TITLES, canOpen } from '../../lib/sections.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { ticketCode } from '#shared/format.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { HeldMailTable } from './HeldMailTable.tsx';
import { MailLimitsForm } from './MailLimitsForm.tsx';
import { mailTypeText, refusalText, setAsideText } from './mail-display.ts';
import { PagedMailTable } from './parts.tsx';
import { failedMailQuery, inboundRefusalsQuery, useRetryFailedMailMutation } from './queries.ts';

/**
 * Email Delivery, admins only (docs/product.md §2): the e-mails that failed for good, each with its error and a Retry;
 * the new messages held over the per-sender limit, each with Release and Dismiss; the incoming mail that changed
 * nothing, by reason; and the limit itself (a desk setting). The route's loader has read them all.
 */
export function MailDeliveryPage() {
  const t = useT();
  const user = useCurrentUser();
  if (!user || !canOpen(user.role, 'mail')) return <AccessDenied />;
  return (
    <>
      <PageHeader title={t(SECTION_TITLES.mail)} description={t('mail.pageDescription')} />
      <Stack gap="6">
        <Section title="mail.failedTitle" description="mail.failedDescription" failed="mail.failedLoadFailed">
          <FailedMailTable />
        </Section>
        <Section title="mail.heldTitle" description="mail.heldDescription" failed="mail.heldLoadFailed">
          <HeldMailTable />
        </Section>
        <Section title="mail.refusedTitle" description="mail.refusedDescription" failed="mail.refusedLoadFailed">
          <RefusedMailTable />
        </Section>
        <Section title="mail.limitsTitle" description="mail.limitsDescription" failed="mail.limitsLoadFailed">
          <MailLimitsForm />
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
  title: MessageKey;
  description: MessageKey;
  failed: MessageKey;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">{t(title)}</Card.Title>
        <Card.Description>{t(description)}</Card.Description>
      </Card.Header>
      <Card.Body>
        <QueryBoundary error={(error, retry) => <LoadError title={t(failed)} error={error} onRetry={retry} />}>
          {children}
        </QueryBoundary>
      </Card.Body>
    </Card.Root>
  );
}

const FAILED_COLUMNS = [
  'mail.column.ticket',
  'mail.column.email',
  'mail.column.attempts',
  'mail.column.setAside',
  'mail.column.lastError',
] as const;

function FailedMailTable() {
  const t = useT();
  const format = useFormat();
  return (
    <PagedMailTable
      list={useSuspenseInfiniteQuery(failedMailQuery())}
      title="mail.failedTitle"
      failedTitle="mail.failedLoadFailed"
      empty={{ icon: <LuMailCheck />, text: 'mail.noFailedMail' }}
      columns={FAILED_COLUMNS}
      cells={(mail) => (
        <>
          <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
            {ticketCode(mail.ticketId)}
          </Table.Cell>
          <Table.Cell>
            <Text>{mailTypeText(mail.type, t)}</Text>
            {mail.recipient && (
              <Text fontSize="xs" color="fg.muted">
                {mail.recipient}
              </Text>
            )}
          </Table.Cell>
          <Table.Cell fontVariantNumeric="tabular-nums">{format.number(mail.attempts)}</Table.Cell>
          <Table.Cell>
            <Text whiteSpace="nowrap">{format.dateTime(mail.parkedAt)}</Text>
            <Badge size="sm" variant="subtle" colorPalette={mail.reason === 'permanent' ? 'red' : 'orange'}>
              {setAsideText(mail.reason, t)}
            </Badge>
          </Table.Cell>
          <Table.Cell maxW="20rem" wordBreak="break-word" fontSize="xs" fontFamily="mono">
            {mail.lastError}
          </Table.Cell>
          <Table.Cell>
            <RetryButton mail={mail} />
          </Table.Cell>
        </>
      )}
    />
  );
}

function RetryButton({ mail }: { mail: FailedMail }) {
  const t = useT();
  const retry = useRetryFailedMailMutation();
  return (
    <Button
      size="xs"
      variant="outline"
      aria-label={t('mail.retryLabel', { type: mailTypeText(mail.type, t), code: ticketCode(mail.ticketId) })}
      loading={retry.isPending}
      loadingText={t('mail.retrying')}
      onClick={() =>
        retry.mutate(mail.id, {
          onSuccess: () => notify('success', t('mail.retried')),
          onError: (error) => notify('error', t('mail.retryFailed'), refusalMessage(error, t)),
        })
      }
    >
      <LuRotateCw aria-hidden />
      {t('mail.retry')}
    </Button>
  );
}

function RefusedMailTable() {
  const t = useT();
  const format = useFormat();
  const { data: refusals } = useSuspenseQuery(inboundRefusalsQuery());
  if (refusals.length === 0) return <Text color="fg.muted">{t('mail.noRefusedMail')}</Text>;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label={t('mail.refusedTitle')} minW="40rem">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('mail.column.reason')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('mail.column.messages')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('mail.column.lastOne')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {refusals.map((refusal) => (
            <Table.Row key={refusal.reason}>
              <Table.Cell>{refusalText(refusal.reason, t)}</Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {format.number(refusal.count)}
              </Table.Cell>
              <Table.Cell>
                <Text whiteSpace="nowrap">{format.dateTime(refusal.lastAt)}</Text>
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
