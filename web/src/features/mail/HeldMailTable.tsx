import { Button, HStack, Table, Text } from '@chakra-ui/react';
import { type UseMutationResult, useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { LuInbox, LuMailOpen, LuTrash2 } from 'react-icons/lu';
import type { MessageKey } from '#shared/i18n/messages.ts';
import type { HeldMail } from '#shared/schemas/mail.ts';
import { useT } from '../../i18n/react.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { notify } from '../../lib/notify.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { refusalText } from './mail-display.ts';
import { PagedMailTable } from './parts.tsx';
import { heldMailQuery, useDismissHeldMailMutation, useReleaseHeldMailMutation } from './queries.ts';

const HELD_COLUMNS = ['mail.column.from', 'ticketTable.subject', 'mail.column.received', 'mail.column.reason'] as const;

/**
 * New messages held over the per-sender limit (docs/decisions/082), newest first: Release opens the ticket, Dismiss
 * drops the message. Neither answers the sender.
 */
export function HeldMailTable() {
  const t = useT();
  const format = useFormat();
  return (
    <PagedMailTable
      list={useSuspenseInfiniteQuery(heldMailQuery())}
      title="mail.heldTitle"
      failedTitle="mail.heldLoadFailed"
      empty={{ icon: <LuInbox />, text: 'mail.noHeldMail' }}
      columns={HELD_COLUMNS}
      cells={(mail) => (
        <>
          <Table.Cell wordBreak="break-all">{mail.from}</Table.Cell>
          <Table.Cell maxW="24rem">
            <Text wordBreak="break-word">{mail.subject}</Text>
            <Text fontSize="xs" color="fg.muted" wordBreak="break-word">
              {mail.excerpt}
            </Text>
          </Table.Cell>
          <Table.Cell whiteSpace="nowrap">{format.dateTime(mail.receivedAt)}</Table.Cell>
          <Table.Cell>{refusalText(mail.reason, t)}</Table.Cell>
          <Table.Cell>
            <HeldMailActions mail={mail} />
          </Table.Cell>
        </>
      )}
    />
  );
}

function HeldMailActions({ mail }: { mail: HeldMail }) {
  const t = useT();
  const release = useReleaseHeldMailMutation();
  const dismiss = useDismissHeldMailMutation();
  const which = { subject: mail.subject, from: mail.from };
  const busy = release.isPending || dismiss.isPending;
  /** Runs an action on this message and says how it went. */
  const act =
    <R,>(action: UseMutationResult<R, Error, string>, done: (result: R) => string, failed: MessageKey) =>
    () =>
      action.mutate(mail.id, {
        onSuccess: (result) => notify('success', done(result)),
        onError: (error) => notify('error', t(failed), refusalMessage(error, t)),
      });
  return (
    <HStack gap="2">
      <Button
        size="xs"
        variant="outline"
        aria-label={t('mail.releaseLabel', which)}
        loading={release.isPending}
        disabled={busy}
        onClick={act(release, (released) => t('mail.released', { code: released.ticketCode }), 'mail.releaseFailed')}
      >
        <LuMailOpen aria-hidden />
        {t('mail.release')}
      </Button>
      <Button
        size="xs"
        variant="ghost"
        aria-label={t('mail.dismissLabel', which)}
        loading={dismiss.isPending}
        disabled={busy}
        onClick={act(dismiss, () => t('mail.dismissed'), 'mail.dismissFailed')}
      >
        <LuTrash2 aria-hidden />
        {t('mail.dismiss')}
      </Button>
    </HStack>
  );
}
