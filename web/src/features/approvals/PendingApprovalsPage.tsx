import { Badge, Button, Card, EmptyState, Field, HStack, Stack, Table, Text, Textarea, VStack } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuCheck, LuKeyRound, LuShieldCheck, LuX } from 'react-icons/lu';
import type { MessageKey } from '#shared/i18n/messages.ts';
import { APPROVAL_LIMITS, type Approval, type ApprovalKind, type ApprovalStatus } from '#shared/schemas/approval.ts';
import { AccessDenied } from '../../components/AccessDenied.tsx';
import { DialogFrame, FormDialog } from '../../components/ui/DialogFrames.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { useT } from '../../i18n/react.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { canOpen, SECTION_TITLES } from '../../lib/sections.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { SecretStep } from '../integrations/SecretReveal.tsx';
import { approvalsQuery, useApproveMutation, useRejectMutation, useRevealSecretMutation } from './queries.ts';

/** How the screen words each kind of request, with its target's name. */
const KIND_TEXTS: Record<ApprovalKind, MessageKey> = {
  makeAdmin: 'approvals.kind.makeAdmin',
  createAdmin: 'approvals.kind.createAdmin',
  resetPassword: 'approvals.kind.resetPassword',
  resetMfa: 'approvals.kind.resetMfa',
  createApiKey: 'approvals.kind.createApiKey',
  createWebhook: 'approvals.kind.createWebhook',
  changeWebhookTarget: 'approvals.kind.changeWebhookTarget',
  lowerSecurity: 'approvals.kind.lowerSecurity',
  removeAttachment: 'approvals.kind.removeAttachment',
};

const STATUS_TEXTS: Record<ApprovalStatus, { text: MessageKey; palette: string }> = {
  pending: { text: 'approvals.status.pending', palette: 'orange' },
  approved: { text: 'approvals.status.approved', palette: 'green' },
  rejected: { text: 'approvals.status.rejected', palette: 'red' },
  expired: { text: 'approvals.status.expired', palette: 'gray' },
};

/**
 * Pending Approvals, admins only (docs/decisions/095-four-eyes-approval.md): the requests waiting for a second admin,
 * each with Approve and Reject (with a reason), the requester's own marked as waiting for someone else, expired ones
 * shown as such; below, the last decided ones, where a requester reveals a new key's or webhook's secret once.
 */
export function PendingApprovalsPage() {
  const t = useT();
  const user = useCurrentUser();
  const { data } = useSuspenseQuery(approvalsQuery());
  if (!user || !canOpen(user.role, 'approvals')) return <AccessDenied />;
  return (
    <>
      <PageHeader title={t(SECTION_TITLES.approvals)} description={t('approvals.description')} />
      <Stack gap="6">
        <Card.Root>
          <Card.Header>
            <Card.Title as="h2">{t('approvals.pendingTitle')}</Card.Title>
          </Card.Header>
          <Card.Body>
            <ApprovalTable approvals={data.pending} title="approvals.pendingTitle" userId={user.id} />
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Header>
            <Card.Title as="h2">{t('approvals.recentTitle')}</Card.Title>
          </Card.Header>
          <Card.Body>
            <ApprovalTable approvals={data.recent} title="approvals.recentTitle" userId={user.id} />
          </Card.Body>
        </Card.Root>
      </Stack>
    </>
  );
}

function ApprovalTable({ approvals, title, userId }: { approvals: Approval[]; title: MessageKey; userId: string }) {
  const t = useT();
  const format = useFormat();
  if (approvals.length === 0) {
    return (
      <EmptyState.Root>
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuShieldCheck />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Description>{t('approvals.none')}</EmptyState.Description>
          </VStack>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label={t(title)} minW="48rem">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('approvals.column.request')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('approvals.column.requestedBy')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('approvals.column.status')}</Table.ColumnHeader>
            <Table.ColumnHeader>
              <Text srOnly>{t('approvals.column.actions')}</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {approvals.map((approval) => (
            <Table.Row key={approval.id} data-testid="approval-row">
              <Table.Cell maxW="28rem">
                <Text wordBreak="break-word">{t(KIND_TEXTS[approval.kind], { name: approval.target.name })}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {t('approvals.requestedAt', { at: format.dateTime(approval.createdAt) })}
                </Text>
              </Table.Cell>
              <Table.Cell wordBreak="break-word">{approval.requestedBy.name}</Table.Cell>
              <Table.Cell>
                <Badge size="sm" variant="subtle" colorPalette={STATUS_TEXTS[approval.status].palette}>
                  {t(STATUS_TEXTS[approval.status].text)}
                </Badge>
                <Text fontSize="xs" color="fg.muted">
                  {approval.status === 'pending'
                    ? t('approvals.expiresAt', { at: format.dateTime(approval.expiresAt) })
                    : approval.decidedBy && approval.decidedAt
                      ? t('approvals.decidedBy', {
                          name: approval.decidedBy.name,
                          at: format.dateTime(approval.decidedAt),
                        })
                      : null}
                </Text>
                {approval.reason && (
                  <Text fontSize="xs" wordBreak="break-word">
                    {t('approvals.reasonShown', { reason: approval.reason })}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell>
                <ApprovalActions approval={approval} own={approval.requestedBy.id === userId} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function ApprovalActions({ approval, own }: { approval: Approval; own: boolean }) {
  const t = useT();
  const approve = useApproveMutation();
  const [rejecting, setRejecting] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const reveal = useRevealSecretMutation();
  const what = t(KIND_TEXTS[approval.kind], { name: approval.target.name });

  if (approval.secretWaiting) {
    return (
      <>
        <Button
          size="xs"
          variant="outline"
          loading={reveal.isPending}
          onClick={() =>
            reveal.mutate(approval.id, {
              onSuccess: (shown) => setSecret(shown.secret),
              onError: (error) => notify('error', t('approvals.revealFailed'), refusalMessage(error, t)),
            })
          }
        >
          <LuKeyRound aria-hidden />
          {t('approvals.revealSecret')}
        </Button>
        <DialogFrame
          open={secret !== null}
          onClose={() => setSecret(null)}
          title={t('approvals.secretTitle')}
          description={what}
          closeLabel={t('common.close')}
        >
          {secret && <SecretStep secret={secret} label={t('approvals.secretLabel')} onDone={() => setSecret(null)} />}
        </DialogFrame>
      </>
    );
  }
  if (approval.status !== 'pending') return null;
  if (own) {
    return (
      <Text fontSize="xs" color="fg.muted">
        {t('approvals.waitingForOther')}
      </Text>
    );
  }
  return (
    <HStack gap="2">
      <Button
        size="xs"
        colorPalette="green"
        aria-label={t('approvals.approveLabel', { what })}
        loading={approve.isPending}
        // The promise, not mutate's callbacks: the approved request leaves this table (and this row unmounts) before
        // the list's refetch ends, and TanStack Query skips the callbacks of an unmounted caller.
        onClick={() =>
          approve.mutateAsync(approval.id).then(
            () => notify('success', t('approvals.approved')),
            (error: unknown) => {
              if (!isUnauthorized(error)) notify('error', t('approvals.approveFailed'), refusalMessage(error, t));
            },
          )
        }
      >
        <LuCheck aria-hidden />
        {t('approvals.approve')}
      </Button>
      <Button
        size="xs"
        variant="outline"
        aria-label={t('approvals.rejectLabel', { what })}
        onClick={() => setRejecting(true)}
      >
        <LuX aria-hidden />
        {t('approvals.reject')}
      </Button>
      <RejectDialog approval={approval} what={what} open={rejecting} onClose={() => setRejecting(false)} />
    </HStack>
  );
}

function RejectDialog({
  approval,
  what,
  open,
  onClose,
}: {
  approval: Approval;
  what: string;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const reject = useRejectMutation();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setProblem(null);
    onClose();
  };
  return (
    <FormDialog
      open={open}
      onClose={close}
      title={t('approvals.rejectTitle')}
      description={what}
      submitLabel={t('approvals.reject')}
      pendingLabel={t('approvals.rejecting')}
      pending={reject.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason.trim()) {
          setProblem(t('approvals.reasonRequired'));
          return;
        }
        // As for approving: the rejected request's row goes away when the list is fetched again.
        reject.mutateAsync({ id: approval.id, reason }).then(
          () => {
            notify('success', t('approvals.rejected'));
            close();
          },
          (error: unknown) => {
            if (!isUnauthorized(error)) notify('error', t('approvals.rejectFailed'), refusalMessage(error, t));
          },
        );
      }}
    >
      <Field.Root invalid={problem !== null} required>
        <Field.Label>{t('approvals.reason')}</Field.Label>
        <Textarea
          value={reason}
          maxLength={APPROVAL_LIMITS.reasonMax}
          onChange={(event) => {
            setReason(event.target.value);
            setProblem(null);
          }}
        />
        <Field.ErrorText>{problem}</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}
