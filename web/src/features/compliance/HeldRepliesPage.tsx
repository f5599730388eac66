import { Button, Card, Field, HStack, Spinner, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { LuCheck, LuShieldCheck, LuUndo2 } from 'react-icons/lu';
import type { HeldReply } from '#shared/schemas/reply-guard.ts';
import { AccessDenied } from '../../components/AccessDenied.tsx';
import { FormDialog } from '../../components/ui/DialogFrames.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { useT } from '../../i18n/react.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { notify } from '../../lib/notify.ts';
import { SECTION_TITLES } from '../../lib/sections.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { GuardTermsForm } from './GuardTermsForm.tsx';
import { heldRepliesQuery, useReleaseHeldReplyMutation, useReturnHeldReplyMutation } from './queries.ts';

/**
 * Held Replies, compliance users only (docs/decisions/099-reply-guard.md): the public replies the reply guard held,
 * newest first, each with why, Release (it goes to the customer) and Return with a note (it stays internal); then the
 * guarded terms.
 */
export function HeldRepliesPage() {
  const t = useT();
  const user = useCurrentUser();
  if (!user?.compliance) return <AccessDenied message={t('guard.denied')} />;
  return (
    <>
      <PageHeader title={t(SECTION_TITLES['held-replies'])} description={t('guard.pageDescription')} />
      <Stack gap="6">
        <Card.Root>
          <Card.Header>
            <Card.Title>{t('guard.heldTitle')}</Card.Title>
          </Card.Header>
          <Card.Body>
            <HeldRepliesTable />
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Header>
            <Card.Title>{t('guard.termsTitle')}</Card.Title>
            <Card.Description>{t('guard.termsDescription')}</Card.Description>
          </Card.Header>
          <Card.Body>
            <GuardTermsForm />
          </Card.Body>
        </Card.Root>
      </Stack>
    </>
  );
}

function HeldRepliesTable() {
  const t = useT();
  const format = useFormat();
  const held = useQuery(heldRepliesQuery());
  const [returning, setReturning] = useState<HeldReply | null>(null);
  if (held.isPending) {
    return (
      <HStack role="status" gap="2" color="fg.muted">
        <Spinner size="xs" />
        <Text>{t('guard.loading')}</Text>
      </HStack>
    );
  }
  if (held.isError) {
    return (
      <Stack gap="2" align="start">
        <Text role="alert" color="fg.error">
          {t('guard.loadFailed')}
        </Text>
        <Button size="sm" variant="outline" onClick={() => held.refetch()}>
          {t('common.tryAgain')}
        </Button>
      </Stack>
    );
  }
  if (held.data.length === 0) {
    return (
      <HStack gap="2" color="fg.muted">
        <LuShieldCheck aria-hidden />
        <Text>{t('guard.empty')}</Text>
      </HStack>
    );
  }
  return (
    <>
      <Table.ScrollArea>
        <Table.Root size="sm" aria-label={t('guard.heldTitle')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('guard.column.ticket')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('guard.column.author')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('guard.column.text')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('guard.column.reasons')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('guard.column.heldAt')}</Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {held.data.map((reply) => (
              <Table.Row key={`${reply.ticketId}-${reply.commentId}`}>
                <Table.Cell whiteSpace="nowrap">{reply.ticketCode}</Table.Cell>
                <Table.Cell>{reply.author.name}</Table.Cell>
                <Table.Cell maxW="28rem">
                  <Text whiteSpace="pre-wrap" wordBreak="break-word">
                    {reply.text}
                  </Text>
                </Table.Cell>
                <Table.Cell>
                  {reply.reasons
                    .map((r) => t(r.kind === 'term' ? 'guard.reason.term' : 'guard.reason.link', { value: r.value }))
                    .join(', ')}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{format.dateTime(reply.heldAt)}</Table.Cell>
                <Table.Cell>
                  <HeldReplyActions reply={reply} onReturn={() => setReturning(reply)} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <ReturnDialog reply={returning} onClose={() => setReturning(null)} />
    </>
  );
}

function HeldReplyActions({ reply, onReturn }: { reply: HeldReply; onReturn: () => void }) {
  const t = useT();
  const release = useReleaseHeldReplyMutation();
  return (
    <HStack gap="2">
      <Button
        size="xs"
        variant="outline"
        aria-label={t('guard.releaseLabel', { code: reply.ticketCode })}
        loading={release.isPending}
        onClick={() =>
          release.mutate(reply, {
            onSuccess: () => notify('success', t('guard.released', { code: reply.ticketCode })),
            onError: (error) => notify('error', t('guard.releaseFailed'), refusalMessage(error, t)),
          })
        }
      >
        <LuCheck aria-hidden />
        {t('guard.release')}
      </Button>
      <Button
        size="xs"
        variant="ghost"
        aria-label={t('guard.returnLabel', { code: reply.ticketCode })}
        disabled={release.isPending}
        onClick={onReturn}
      >
        <LuUndo2 aria-hidden />
        {t('guard.return')}
      </Button>
    </HStack>
  );
}

function ReturnDialog({ reply, onClose }: { reply: HeldReply | null; onClose: () => void }) {
  const t = useT();
  const giveBack = useReturnHeldReplyMutation();
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reply) return;
    if (!note.trim()) {
      setMissing(true);
      return;
    }
    giveBack.mutate(
      { reply, note: note.trim() },
      {
        onSuccess: () => {
          notify('success', t('guard.returned', { code: reply.ticketCode }));
          setNote('');
          setMissing(false);
          onClose();
        },
        onError: (error) => notify('error', t('guard.returnFailed'), refusalMessage(error, t)),
      },
    );
  };
  return (
    <FormDialog
      open={reply !== null}
      onClose={onClose}
      title={t('guard.returnTitle')}
      description={reply ? reply.ticketCode : undefined}
      onSubmit={submit}
      submitLabel={t('guard.return')}
      pendingLabel={t('guard.returning')}
      pending={giveBack.isPending}
    >
      <Field.Root invalid={missing}>
        <Field.Label>{t('guard.noteLabel')}</Field.Label>
        <Textarea value={note} onChange={(event) => setNote(event.target.value)} rows={4} />
        <Field.ErrorText>{t('validation.guard.noteRequired')}</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}
