import { Badge, Box, Button, Field, HStack, RadioGroup, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { LuLock, LuMail, LuUser } from 'react-icons/lu';
import { MAIL_TEXTS, replyGoesTo, TICKET_TEXTS } from '#shared/messages.ts';
import type { Comment, Ticket } from '#shared/schemas/ticket.ts';
import { IdentifierText } from '../../components/ui/IdentifierText.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { displayNameOf } from '../../lib/format.ts';
import { useAddCommentMutation } from './mutations.ts';
import { ticketCommentsQuery, ticketMailStatusQuery } from './queries.ts';

/** The three kinds of message on a thread, each shown its own way. */
type MessageKind = 'customer' | 'reply' | 'note' | 'system';

const kindOf = (comment: Comment): MessageKind =>
  comment.authorType === 'customer'
    ? 'customer'
    : comment.authorType === 'system'
      ? 'system'
      : comment.isInternal
        ? 'note'
        : 'reply';

/** How each kind looks: the customer's on the left in blue, replies on the right, notes yellow with a lock. */
const KIND_STYLE: Record<MessageKind, { label: string; palette: string; align: 'start' | 'end'; Icon: typeof LuMail }> =
  {
    customer: { label: MAIL_TEXTS.customerMessage, palette: 'blue', align: 'start', Icon: LuUser },
    reply: { label: MAIL_TEXTS.publicReply, palette: 'green', align: 'end', Icon: LuMail },
    note: { label: MAIL_TEXTS.internalNote, palette: 'yellow', align: 'end', Icon: LuLock },
    system: { label: MAIL_TEXTS.systemMessage, palette: 'gray', align: 'start', Icon: LuMail },
  };

const channelText = (comment: Comment): string | undefined =>
  comment.authorType === 'customer'
    ? comment.channel === 'email'
      ? MAIL_TEXTS.byEmail
      : comment.channel === 'api'
        ? MAIL_TEXTS.byApi
        : undefined
    : undefined;

/**
 * A ticket's conversation (docs/product.md §2 Ticket detail): the customer's messages, the public replies and the
 * internal notes in the order they were written, each kind unmistakable; and the composer, which says plainly where
 * the text goes: to the customer by e-mail, or nowhere beyond the staff.
 */
export function TicketConversation({ ticket, timeZone }: { ticket: Ticket; timeZone: string }) {
  const comments = useQuery(ticketCommentsQuery(ticket.id));
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
        <Stack as="ul" gap="3" listStyleType="none" aria-label={MAIL_TEXTS.conversationLabel}>
          {comments.data.map((comment) => (
            <Message key={comment.id} comment={comment} timeZone={timeZone} />
          ))}
        </Stack>
      )}
      <Composer ticket={ticket} />
    </Stack>
  );
}

function Message({ comment, timeZone }: { comment: Comment; timeZone: string }) {
  const kind = kindOf(comment);
  const { label, palette, align, Icon } = KIND_STYLE[kind];
  const channel = channelText(comment);
  return (
    <Box
      as="li"
      data-kind={kind}
      alignSelf={align === 'start' ? 'flex-start' : 'flex-end'}
      width={{ base: 'full', md: '90%' }}
      borderWidth="1px"
      borderStartWidth="4px"
      rounded="md"
      p="3"
      colorPalette={palette}
      bg={kind === 'reply' ? undefined : 'colorPalette.subtle'}
      borderColor="colorPalette.muted"
      borderStartColor="colorPalette.solid"
    >
      <HStack justify="space-between" gap="2" wrap="wrap" mb="1">
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette={palette} variant={kind === 'note' ? 'solid' : 'subtle'} size="sm">
            <Icon aria-hidden />
            {label}
          </Badge>
          <Text fontWeight="medium" fontSize="sm">
            {kind === 'customer' ? comment.author.email : displayNameOf(comment.author)}
          </Text>
          {channel && (
            <Text fontSize="xs" color="fg.muted">
              {channel}
            </Text>
          )}
        </HStack>
        <Text fontSize="xs" color="fg.muted">
          {formatDateTime(comment.createdAt, timeZone)}
        </Text>
      </HStack>
      <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word">
        <IdentifierText text={comment.comment} />
      </Text>
    </Box>
  );
}

type Audience = 'customer' | 'staff';

/** Writes a public reply (e-mailed to the customer) or an internal note; the choice is spelled out before sending. */
function Composer({ ticket }: { ticket: Ticket }) {
  const addComment = useAddCommentMutation(ticket.id);
  const mailStatus = useQuery(ticketMailStatusQuery(ticket.id));
  const [text, setText] = useState('');
  const [audience, setAudience] = useState<Audience>('customer');
  const content = text.trim();
  const toCustomer = audience === 'customer';
  const undeliverable = mailStatus.data?.deliverable === false;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // docs/product.md §5: only a comment with something in it is sent.
    if (!content || addComment.isPending) return;
    addComment.mutate(
      { content, isInternal: !toCustomer },
      {
        onSuccess: () => {
          setText('');
          setAudience('customer');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Add a comment">
      <Stack gap="3">
        <RadioGroup.Root
          value={audience}
          onValueChange={(details) => setAudience(details.value === 'staff' ? 'staff' : 'customer')}
          size="sm"
          aria-label={MAIL_TEXTS.sendAs}
        >
          <HStack gap="5" wrap="wrap">
            <RadioGroup.Label>{MAIL_TEXTS.sendAs}</RadioGroup.Label>
            <RadioGroup.Item value="customer">
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{MAIL_TEXTS.publicReply}</RadioGroup.ItemText>
            </RadioGroup.Item>
            <RadioGroup.Item value="staff">
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{MAIL_TEXTS.internalNote}</RadioGroup.ItemText>
            </RadioGroup.Item>
          </HStack>
        </RadioGroup.Root>
        <Field.Root>
          <Field.Label>{toCustomer ? MAIL_TEXTS.replyLabel : MAIL_TEXTS.noteLabel}</Field.Label>
          <Textarea
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={toCustomer ? MAIL_TEXTS.replyPlaceholder : MAIL_TEXTS.notePlaceholder}
            rows={3}
            autoresize
            bg={toCustomer ? undefined : 'yellow.subtle'}
          />
          <Field.HelperText aria-live="polite" color={toCustomer && undeliverable ? 'fg.warning' : undefined}>
            {toCustomer
              ? undeliverable
                ? MAIL_TEXTS.replyKeptHint
                : replyGoesTo(ticket.customerEmail)
              : MAIL_TEXTS.noteHint}
          </Field.HelperText>
        </Field.Root>
        {addComment.isError && (
          <Text role="alert" color="fg.error" fontSize="sm">
            The comment was not added: {addComment.error.message}
          </Text>
        )}
        <HStack justify="end">
          <Button
            type="submit"
            size="sm"
            colorPalette={toCustomer ? undefined : 'yellow'}
            disabled={!content}
            loading={addComment.isPending}
            loadingText={toCustomer ? MAIL_TEXTS.replySending : MAIL_TEXTS.noteAdding}
          >
            {toCustomer ? <LuMail aria-hidden /> : <LuLock aria-hidden />}
            {toCustomer ? MAIL_TEXTS.replyButton : MAIL_TEXTS.noteButton}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
