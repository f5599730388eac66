import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  DataList,
  Dialog,
  Field,
  Heading,
  HStack,
  Spinner,
  Stack,
  Tabs,
  Text,
  Textarea,
  Timeline,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { LuHistory, LuLock, LuMessageSquare } from 'react-icons/lu';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { DeadlineBadge } from '../../components/ui/DeadlineBadge.tsx';
import { DialogFrame } from '../../components/ui/DialogFrames.tsx';
import { useT } from '../../i18n/react.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { IdentifierText } from '../../components/ui/IdentifierText.tsx';
import { liveDeadline } from '../../lib/deadline.ts';
import { displayNameOf } from '../../lib/format.ts';
import { errorText } from '../../lib/server-message.ts';
import { changeText, historyHeadline } from './history-text.ts';
import { useAddCommentMutation } from './mutations.ts';
import { ticketCommentsQuery, ticketDetailQuery, ticketHistoryQuery } from './queries.ts';
import { PriorityBadge, StatusBadge } from '../../components/ui/TicketBadges.tsx';
import { assigneeName, spacedOrNA, typeLabel } from '../../lib/ticket-display.ts';
import { useLastNonNull } from './use-last-non-null.ts';

interface TicketDetailDialogProps {
  /** The ticket to show (as the list had it; the dialog reads it fresh); null keeps the dialog closed. */
  ticket: Ticket | null;
  onClose: () => void;
  /** Edit Ticket: the caller opens the edit dialog, which itself tells a user without permission so. */
  onEdit: (ticket: Ticket) => void;
}

/**
 * The one ticket detail view (docs/product.md §11): every field of docs/product.md §2 "Ticket detail", the deadline
 * countdown, comments with internal notes, and the ticket's history.
 */
export function TicketDetailDialog({ ticket, onClose, onEdit }: TicketDetailDialogProps) {
  const t = useT();
  const shown = useLastNonNull(ticket);
  return (
    <DialogFrame
      open={ticket !== null}
      onClose={onClose}
      closeLabel={t('ticketDetail.close')}
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
    >
      {shown && <TicketDetail listed={shown} onEdit={onEdit} />}
    </DialogFrame>
  );
}

function TicketDetail({ listed, onEdit }: { listed: Ticket; onEdit: (ticket: Ticket) => void }) {
  const t = useT();
  const format = useFormat();
  // Shown at once from the list, then replaced by the server's current version.
  const detail = useQuery({ ...ticketDetailQuery(listed.id), placeholderData: listed });
  const ticket = detail.data ?? listed;

  return (
    <>
      <Dialog.Header flexDirection="column" alignItems="start" gap="1">
        <Dialog.Title fontFamily="mono">{ticket.ticketId}</Dialog.Title>
        <Heading as="p" size="md" fontWeight="medium">
          {ticket.subject}
        </Heading>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="5">
          {detail.isError && (
            <Alert.Root status="warning" role="alert" size="sm">
              <Alert.Indicator />
              <Alert.Title>{t('ticketDetail.stale', { error: errorText(detail.error, t) })}</Alert.Title>
            </Alert.Root>
          )}
          <HStack gap="2" wrap="wrap">
            <StatusBadge status={ticket.status} />
            <PriorityBadge priority={ticket.priority} />
            <DeadlineBadge deadline={liveDeadline(ticket)} />
          </HStack>

          <DataList.Root orientation="horizontal" size="sm" gap="2">
            <DetailItem label={t('ticketTable.customer')}>{ticket.customerEmail}</DetailItem>
            <DetailItem label={t('ticketForm.category')}>{spacedOrNA(ticket.category, t)}</DetailItem>
            <DetailItem label={t('ticketForm.type')}>{typeLabel(ticket.type, t)}</DetailItem>
            <DetailItem label={t('ticket.assignedTo')}>{assigneeName(ticket.assignedTo, t)}</DetailItem>
            <DetailItem label={t('ticketTable.created')}>{format.dateTime(ticket.createdAt)}</DetailItem>
            <DetailItem label={t('ticketDetail.deadline')}>{format.dateTime(ticket.deadline)}</DetailItem>
            {ticket.resolvedAt && (
              <DetailItem label={t('ticketDetail.resolved')}>{format.dateTime(ticket.resolvedAt)}</DetailItem>
            )}
          </DataList.Root>

          <Stack gap="1">
            <Heading as="h3" size="sm">
              {t('ticketForm.description')}
            </Heading>
            <Text whiteSpace="pre-wrap" wordBreak="break-word">
              <IdentifierText text={ticket.description} />
            </Text>
          </Stack>

          <Tabs.Root defaultValue="comments" variant="line" lazyMount>
            <Tabs.List>
              <Tabs.Trigger value="comments">
                <LuMessageSquare aria-hidden />
                {t('ticketDetail.comments')}
              </Tabs.Trigger>
              <Tabs.Trigger value="history">
                <LuHistory aria-hidden />
                {t('ticketDetail.history')}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="comments">
              <Comments ticketId={ticket.id} />
            </Tabs.Content>
            <Tabs.Content value="history">
              <History ticketId={ticket.id} />
            </Tabs.Content>
          </Tabs.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={() => onEdit(ticket)}>
          {t('editTicket.title')}
        </Button>
        <Dialog.ActionTrigger asChild>
          <Button>{t('common.close')}</Button>
        </Dialog.ActionTrigger>
      </Dialog.Footer>
    </>
  );
}

function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="28">{label}</DataList.ItemLabel>
      <DataList.ItemValue wordBreak="break-word">{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

function Comments({ ticketId }: { ticketId: number }) {
  const t = useT();
  const format = useFormat();
  const comments = useQuery(ticketCommentsQuery(ticketId));
  const addComment = useAddCommentMutation(ticketId);
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(false);
  const content = text.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // docs/product.md §5: only a comment with something in it is sent.
    if (!content || addComment.isPending) return;
    addComment.mutate(
      { content, isInternal: internal },
      {
        onSuccess: () => {
          setText('');
          setInternal(false);
        },
      },
    );
  };

  return (
    <Stack gap="4" pt="2">
      {comments.isPending ? (
        <HStack role="status" gap="2" color="fg.muted">
          <Spinner size="xs" />
          <Text>{t('ticketDetail.loadingComments')}</Text>
        </HStack>
      ) : comments.isError ? (
        <Text role="alert" color="fg.error">
          {t('ticketDetail.commentsFailed')}
        </Text>
      ) : comments.data.length === 0 ? (
        <Text color="fg.muted">{t('ticketDetail.noComments')}</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label={t('ticketDetail.comments')}>
          {comments.data.map((comment) => (
            <Box
              as="li"
              key={comment.id}
              borderWidth="1px"
              rounded="md"
              p="3"
              bg={comment.isInternal ? 'yellow.subtle' : undefined}
              borderColor={comment.isInternal ? 'yellow.muted' : undefined}
            >
              <HStack justify="space-between" gap="2" wrap="wrap" mb="1">
                <HStack gap="2">
                  <Text fontWeight="medium" fontSize="sm">
                    {displayNameOf(comment.author, t)}
                  </Text>
                  {comment.isInternal && (
                    <Badge colorPalette="yellow" variant="solid" size="sm">
                      <LuLock aria-hidden />
                      {t('ticketDetail.internalNote')}
                    </Badge>
                  )}
                </HStack>
                <Text fontSize="xs" color="fg.muted">
                  {format.dateTime(comment.createdAt)}
                </Text>
              </HStack>
              <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word">
                <IdentifierText text={comment.comment} />
              </Text>
            </Box>
          ))}
        </Stack>
      )}

      <form onSubmit={submit} aria-label={t('ticketDetail.addCommentForm')}>
        <Stack gap="3">
          <Field.Root>
            <Field.Label>{t('ticketDetail.newComment')}</Field.Label>
            <Textarea
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder={t('ticketDetail.commentPlaceholder')}
              rows={3}
              autoresize
            />
          </Field.Root>
          {addComment.isError && (
            <Text role="alert" color="fg.error" fontSize="sm">
              {t('ticketDetail.commentFailed', { error: errorText(addComment.error, t) })}
            </Text>
          )}
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Checkbox.Root
              checked={internal}
              onCheckedChange={(details) => setInternal(details.checked === true)}
              size="sm"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('ticketDetail.internalNoteOption')}</Checkbox.Label>
            </Checkbox.Root>
            <Button
              type="submit"
              size="sm"
              disabled={!content}
              loading={addComment.isPending}
              loadingText={t('ticketDetail.adding')}
            >
              {t('ticketDetail.addComment')}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Stack>
  );
}

function History({ ticketId }: { ticketId: number }) {
  const t = useT();
  const format = useFormat();
  const history = useQuery(ticketHistoryQuery(ticketId));
  if (history.isPending) {
    return (
      <HStack role="status" gap="2" pt="2" color="fg.muted">
        <Spinner size="xs" />
        <Text>{t('ticketDetail.loadingHistory')}</Text>
      </HStack>
    );
  }
  if (history.isError) {
    return (
      <Text role="alert" color="fg.error" pt="2">
        {t('ticketDetail.historyFailed')}
      </Text>
    );
  }
  return (
    <Timeline.Root size="sm" pt="2">
      {history.data.map((entry) => (
        <Timeline.Item key={entry.id}>
          <Timeline.Connector>
            <Timeline.Separator />
            <Timeline.Indicator />
          </Timeline.Connector>
          <Timeline.Content>
            <Timeline.Title>{historyHeadline(entry.actor, entry.action, t)}</Timeline.Title>
            <Timeline.Description>{format.dateTime(entry.at)}</Timeline.Description>
            {entry.changes.length > 0 && (
              <Stack as="ul" gap="0" listStyleType="none" fontSize="sm">
                {entry.changes.map((change) => (
                  <li key={change.field}>{changeText(change, { t, ...format })}</li>
                ))}
              </Stack>
            )}
          </Timeline.Content>
        </Timeline.Item>
      ))}
    </Timeline.Root>
  );
}
