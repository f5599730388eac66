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
import { TICKET_TEXTS } from '#shared/messages.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { DeadlineBadge } from '../../components/ui/DeadlineBadge.tsx';
import { DialogFrame } from '../../components/ui/DialogFrames.tsx';
import { formatDateTime, useUserTimezone } from '../../lib/dates.ts';
import { liveDeadline } from '../../lib/deadline.ts';
import { displayNameOf } from '../../lib/format.ts';
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
  const shown = useLastNonNull(ticket);
  return (
    <DialogFrame
      open={ticket !== null}
      onClose={onClose}
      closeLabel="Close ticket details"
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
    >
      {shown && <TicketDetail listed={shown} onEdit={onEdit} />}
    </DialogFrame>
  );
}

function TicketDetail({ listed, onEdit }: { listed: Ticket; onEdit: (ticket: Ticket) => void }) {
  const timeZone = useUserTimezone();
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
              <Alert.Title>
                Showing the ticket as listed; the latest version could not be loaded ({detail.error.message}).
              </Alert.Title>
            </Alert.Root>
          )}
          <HStack gap="2" wrap="wrap">
            <StatusBadge status={ticket.status} />
            <PriorityBadge priority={ticket.priority} />
            <DeadlineBadge deadline={liveDeadline(ticket)} />
          </HStack>

          <DataList.Root orientation="horizontal" size="sm" gap="2">
            <DetailItem label="Customer">{ticket.customerEmail}</DetailItem>
            <DetailItem label="Category">{spacedOrNA(ticket.category)}</DetailItem>
            <DetailItem label="Type">{typeLabel(ticket.type)}</DetailItem>
            <DetailItem label="Assigned to">{assigneeName(ticket.assignedTo)}</DetailItem>
            <DetailItem label="Created">{formatDateTime(ticket.createdAt, timeZone)}</DetailItem>
            <DetailItem label="Deadline">{formatDateTime(ticket.deadline, timeZone)}</DetailItem>
            {ticket.resolvedAt && (
              <DetailItem label="Resolved">{formatDateTime(ticket.resolvedAt, timeZone)}</DetailItem>
            )}
          </DataList.Root>

          <Stack gap="1">
            <Heading as="h3" size="sm">
              Description
            </Heading>
            <Text whiteSpace="pre-wrap" wordBreak="break-word">
              {ticket.description}
            </Text>
          </Stack>

          <Tabs.Root defaultValue="comments" variant="line" lazyMount>
            <Tabs.List>
              <Tabs.Trigger value="comments">
                <LuMessageSquare aria-hidden />
                Comments
              </Tabs.Trigger>
              <Tabs.Trigger value="history">
                <LuHistory aria-hidden />
                History
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="comments">
              <Comments ticketId={ticket.id} timeZone={timeZone} />
            </Tabs.Content>
            <Tabs.Content value="history">
              <History ticketId={ticket.id} timeZone={timeZone} />
            </Tabs.Content>
          </Tabs.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={() => onEdit(ticket)}>
          Edit Ticket
        </Button>
        <Dialog.ActionTrigger asChild>
          <Button>Close</Button>
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

function Comments({ ticketId, timeZone }: { ticketId: number; timeZone: string }) {
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
          <Text>Loading comments...</Text>
        </HStack>
      ) : comments.isError ? (
        <Text role="alert" color="fg.error">
          {TICKET_TEXTS.commentsLoadFailed}
        </Text>
      ) : comments.data.length === 0 ? (
        <Text color="fg.muted">{TICKET_TEXTS.noComments}</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Comments">
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
                    {displayNameOf(comment.author)}
                  </Text>
                  {comment.isInternal && (
                    <Badge colorPalette="yellow" variant="solid" size="sm">
                      <LuLock aria-hidden />
                      Internal note
                    </Badge>
                  )}
                </HStack>
                <Text fontSize="xs" color="fg.muted">
                  {formatDateTime(comment.createdAt, timeZone)}
                </Text>
              </HStack>
              <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word">
                {comment.comment}
              </Text>
            </Box>
          ))}
        </Stack>
      )}

      <form onSubmit={submit} aria-label="Add a comment">
        <Stack gap="3">
          <Field.Root>
            <Field.Label>New comment</Field.Label>
            <Textarea
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder="Write a comment..."
              rows={3}
              autoresize
            />
          </Field.Root>
          {addComment.isError && (
            <Text role="alert" color="fg.error" fontSize="sm">
              The comment was not added: {addComment.error.message}
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
              <Checkbox.Label>Internal note (staff only)</Checkbox.Label>
            </Checkbox.Root>
            <Button type="submit" size="sm" disabled={!content} loading={addComment.isPending} loadingText="Adding...">
              Add Comment
            </Button>
          </HStack>
        </Stack>
      </form>
    </Stack>
  );
}

function History({ ticketId, timeZone }: { ticketId: number; timeZone: string }) {
  const history = useQuery(ticketHistoryQuery(ticketId));
  if (history.isPending) {
    return (
      <HStack role="status" gap="2" pt="2" color="fg.muted">
        <Spinner size="xs" />
        <Text>Loading history...</Text>
      </HStack>
    );
  }
  if (history.isError) {
    return (
      <Text role="alert" color="fg.error" pt="2">
        Error loading history
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
            <Timeline.Title>{historyHeadline(entry.actor.name, entry.action)}</Timeline.Title>
            <Timeline.Description>{formatDateTime(entry.at, timeZone)}</Timeline.Description>
            {entry.changes.length > 0 && (
              <Stack as="ul" gap="0" listStyleType="none" fontSize="sm">
                {entry.changes.map((change) => (
                  <li key={change.field}>{changeText(change, timeZone)}</li>
                ))}
              </Stack>
            )}
          </Timeline.Content>
        </Timeline.Item>
      ))}
    </Timeline.Root>
  );
}
