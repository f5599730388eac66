import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  CloseButton,
  Field,
  HStack,
  RadioGroup,
  Spinner,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { LuLock, LuMail, LuUser, LuZap } from 'react-icons/lu';
import { ticketCode } from '#shared/format.ts';
import type { MessageKey } from '#shared/i18n/messages.ts';
import type { Macro, MacroActions } from '#shared/schemas/macro.ts';
import type { Comment, Ticket } from '#shared/schemas/ticket.ts';
import { IdentifierText } from '../../components/ui/IdentifierText.tsx';
import { type Translate, useLanguage, useT } from '../../i18n/react.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { displayNameOf } from '../../lib/format.ts';
import { errorText } from '../../lib/server-message.ts';
import { MacroPicker } from '../macros/MacroPicker.tsx';
import { macroActionsText } from '../macros/macro-display.ts';
import { fetchMacroPreview } from '../macros/queries.ts';
import { AttachButton, ComposerFileList, useComposerFiles, useFileDropAndPaste } from './ComposerFiles.tsx';
import { openCount, useIncidentChildren } from './incidents.ts';
import { MessageAttachments } from './MessageAttachments.tsx';
import { isNewerMessageConflict, useAddCommentMutation } from './mutations.ts';
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
const KIND_STYLE: Record<
  MessageKind,
  { label: MessageKey; palette: string; align: 'start' | 'end'; Icon: typeof LuMail }
> = {
  customer: { label: 'mail.customerMessage', palette: 'blue', align: 'start', Icon: LuUser },
  reply: { label: 'mail.publicReply', palette: 'green', align: 'end', Icon: LuMail },
  note: { label: 'mail.internalNote', palette: 'yellow', align: 'end', Icon: LuLock },
  system: { label: 'mail.systemMessage', palette: 'gray', align: 'start', Icon: LuMail },
};

const channelText = (comment: Comment, t: Translate): string | undefined =>
  comment.authorType === 'customer'
    ? comment.channel === 'email'
      ? t('mail.byEmail')
      : comment.channel === 'api'
        ? t('mail.byApi')
        : undefined
    : undefined;

/**
 * A ticket's conversation (docs/product.md §2 Ticket detail): the customer's messages, the public replies and the
 * internal notes in the order they were written, each kind unmistakable; and the composer, which says plainly where
 * the text goes: to the customer by e-mail, or nowhere beyond the staff.
 */
export function TicketConversation({ ticket, onTyped }: { ticket: Ticket; onTyped?: (text: string) => void }) {
  const t = useT();
  const comments = useQuery(ticketCommentsQuery(ticket.id));
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
        <Stack as="ul" gap="3" listStyleType="none" aria-label={t('mail.conversationLabel')}>
          {comments.data.map((comment) => (
            <Message key={comment.id} comment={comment} />
          ))}
        </Stack>
      )}
      <Composer ticket={ticket} newestId={comments.data?.at(-1)?.id} onTyped={onTyped} />
    </Stack>
  );
}

function Message({ comment }: { comment: Comment }) {
  const t = useT();
  const format = useFormat();
  const kind = kindOf(comment);
  const { label, palette, align, Icon } = KIND_STYLE[kind];
  const channel = channelText(comment, t);
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
            {t(label)}
          </Badge>
          <Text fontWeight="medium" fontSize="sm">
            {kind === 'customer' ? comment.author.email : displayNameOf(comment.author, t)}
          </Text>
          {channel && (
            <Text fontSize="xs" color="fg.muted">
              {channel}
            </Text>
          )}
          {comment.mergedFrom && (
            <Text fontSize="xs" color="fg.muted">
              {t('merge.fromTicket', { code: ticketCode(comment.mergedFrom.ticketId) })}
            </Text>
          )}
          {comment.fromIncident && (
            <Text fontSize="xs" color="fg.muted">
              {t('incident.fromIncident', { code: ticketCode(comment.fromIncident.ticketId) })}
            </Text>
          )}
          {comment.toChildren && (
            <Text fontSize="xs" color="fg.muted">
              {t('incident.sentToChildren')}
            </Text>
          )}
          {comment.hold && (
            <Badge colorPalette={comment.hold.state === 'released' ? 'green' : 'orange'} variant="subtle" size="sm">
              {t(HOLD_LABELS[comment.hold.state])}
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
      <MessageAttachments ticketId={comment.ticketId} attachments={comment.attachments} />
      {comment.hold?.state === 'returned' && comment.hold.note && (
        <Text fontSize="sm" mt="2" color="fg.warning" whiteSpace="pre-wrap">
          {t('guard.returnedNote', { name: comment.hold.decidedBy?.name ?? '', note: comment.hold.note })}
        </Text>
      )}
    </Box>
  );
}

/** How the thread names a reply the reply guard held, by what compliance decided (docs/decisions/099-reply-guard.md). */
const HOLD_LABELS: Record<NonNullable<Comment['hold']>['state'], MessageKey> = {
  held: 'guard.state.held',
  released: 'guard.state.released',
  returned: 'guard.state.returned',
};

type Audience = 'customer' | 'staff';

/** The macro a reply is being written from: sent with it, so that its actions apply and its use counts. */
interface ChosenMacro {
  id: string;
  title: string;
  actions: MacroActions;
}

/**
 * Writes a public reply (e-mailed to the customer) or an internal note; the choice is spelled out before sending. A
 * macro (its button, or `/` in an empty composer) puts its text, written out for this ticket by the server, in the
 * composer to edit; what it will change is shown until the reply is sent. A reply names the newest message shown;
 * when the customer wrote again meanwhile, the new messages appear and the sender chooses to send anyway or to review
 * first, the text kept either way (docs/product.md §2 "Ticket detail"). On an incident with open tickets, a public
 * reply can go on to each of them too (`toChildren`, docs/product.md §2 "Incidents").
 */
function Composer({
  ticket,
  newestId,
  onTyped,
}: {
  ticket: Ticket;
  /** The newest message on the thread shown above. */
  newestId: string | undefined;
  onTyped: ((text: string) => void) | undefined;
}) {
  const t = useT();
  const language = useLanguage();
  const addComment = useAddCommentMutation(ticket.id);
  const [heldNotice, setHeldNotice] = useState(false);
  const mailStatus = useQuery(ticketMailStatusQuery(ticket.id));
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [audience, setAudience] = useState<Audience>('customer');
  const [pickerOpen, setPickerOpen] = useState(false);
  const [macro, setMacro] = useState<ChosenMacro | null>(null);
  const [macroState, setMacroState] = useState<{ loading: boolean; error?: string }>({ loading: false });
  const [crossing, setCrossing] = useState(false);
  const [alsoToChildren, setAlsoToChildren] = useState(false);
  const files = useComposerFiles(ticket.id);
  const dropAndPaste = useFileDropAndPaste(files);
  const children = useIncidentChildren(ticket);
  const openChildren = openCount(children.data);
  const content = text.trim();
  const toCustomer = audience === 'customer';
  // Only a public reply goes on to the incident's tickets; an internal note stays on this one.
  const toChildren = toCustomer && openChildren > 0 && alsoToChildren;
  const undeliverable = mailStatus.data?.deliverable === false;

  const changeText = (next: string) => {
    setText(next);
    onTyped?.(next);
  };

  const send = (confirmed: boolean) => {
    // docs/product.md §5: only a comment with something in it is sent.
    if (!content || addComment.isPending || macroState.loading || files.uploading || files.failed) return;
    const { attachmentIds } = files;
    setCrossing(false);
    addComment.mutate(
      {
        content,
        isInternal: !toCustomer,
        ...(macro ? { macroId: macro.id } : {}),
        ...(toCustomer && newestId ? { afterMessageId: newestId } : {}),
        ...(confirmed ? { confirmed: true } : {}),
        ...(toChildren ? { toChildren: true } : {}),
        ...(attachmentIds.length > 0 ? { attachmentIds } : {}),
      },
      {
        onSuccess: (comment) => {
          // A reply the reply guard held went to compliance, not to the customer (docs/decisions/099-reply-guard.md).
          setHeldNotice(comment.held === true);
          changeText('');
          setAudience('customer');
          setMacro(null);
          setAlsoToChildren(false);
          files.clear();
        },
        onError: (error) => setCrossing(isNewerMessageConflict(error)),
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(false);
  };

  const onTextKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== '/' || text !== '' || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    setPickerOpen(true);
  };

  const pick = async (chosen: Macro) => {
    setPickerOpen(false);
    setMacroState({ loading: true });
    try {
      const preview = await fetchMacroPreview(ticket.id, chosen.id);
      // A text already begun is kept: the macro's goes below it.
      setText((current) => (current.trim() ? `${current.trimEnd()}\n\n${preview.content}` : preview.content));
      onTyped?.(preview.content);
      setMacro({ id: chosen.id, title: chosen.title, actions: preview.actions });
      setMacroState({ loading: false });
    } catch (error) {
      setMacroState({ loading: false, error: t('macros.previewFailed', { error: errorText(error, t) }) });
    }
    textRef.current?.focus();
  };

  const actionsText = macro ? macroActionsText(macro.actions, t, language) : '';

  return (
    <form onSubmit={submit} aria-label={t('ticketDetail.addCommentForm')} {...dropAndPaste.handlers}>
      <Stack
        gap="3"
        position="relative"
        rounded="md"
        outline={dropAndPaste.dragging ? '2px dashed' : undefined}
        outlineColor="blue.solid"
        outlineOffset="4px"
      >
        {dropAndPaste.dragging && (
          <Text role="status" fontSize="sm" color="blue.fg" textAlign="center">
            {t('attachment.dropHere')}
          </Text>
        )}
        <HStack justify="space-between" gap="3" wrap="wrap">
          <RadioGroup.Root
            value={audience}
            onValueChange={(details) => setAudience(details.value === 'staff' ? 'staff' : 'customer')}
            size="sm"
            aria-label={t('mail.sendAs')}
          >
            <HStack gap="5" wrap="wrap">
              <RadioGroup.Label>{t('mail.sendAs')}</RadioGroup.Label>
              <RadioGroup.Item value="customer">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{t('mail.publicReply')}</RadioGroup.ItemText>
              </RadioGroup.Item>
              <RadioGroup.Item value="staff">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{t('mail.internalNote')}</RadioGroup.ItemText>
              </RadioGroup.Item>
            </HStack>
          </RadioGroup.Root>
          <MacroPicker
            open={pickerOpen}
            onOpenChange={setPickerOpen}
            onPick={pick}
            returnFocusTo={textRef}
            disabled={macroState.loading}
          />
        </HStack>
        <Field.Root>
          <Field.Label>{toCustomer ? t('mail.replyLabel') : t('mail.noteLabel')}</Field.Label>
          <Textarea
            ref={textRef}
            value={text}
            onChange={(event) => changeText(event.target.value)}
            onKeyDown={onTextKeyDown}
            placeholder={toCustomer ? t('mail.replyPlaceholder') : t('mail.notePlaceholder')}
            rows={3}
            autoresize
            bg={toCustomer ? undefined : 'yellow.subtle'}
            aria-keyshortcuts="/"
          />
          <Field.HelperText aria-live="polite" color={toCustomer && undeliverable ? 'fg.warning' : undefined}>
            {toCustomer
              ? undeliverable
                ? t('mail.replyKeptHint')
                : t('mail.replyGoesTo', { email: ticket.customerEmail })
              : t('mail.noteHint')}
          </Field.HelperText>
        </Field.Root>
        <AttachButton files={files} />
        <ComposerFileList files={files} />
        {toCustomer && openChildren > 0 && (
          <Checkbox.Root
            checked={alsoToChildren}
            onCheckedChange={(details) => setAlsoToChildren(details.checked === true)}
            size="sm"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('incident.toChildren', { count: openChildren })}</Checkbox.Label>
          </Checkbox.Root>
        )}
        {macroState.loading && (
          <HStack role="status" gap="2" color="fg.muted" fontSize="sm">
            <Spinner size="xs" />
            <Text>{t('macros.writingOut')}</Text>
          </HStack>
        )}
        {macroState.error && (
          <Text role="alert" color="fg.error" fontSize="sm">
            {macroState.error}
          </Text>
        )}
        {macro && (
          <HStack
            data-testid="chosen-macro"
            gap="2"
            borderWidth="1px"
            rounded="md"
            px="3"
            py="1.5"
            colorPalette="blue"
            bg="colorPalette.subtle"
            justify="space-between"
          >
            <Stack gap="0" minW="0">
              <HStack gap="1.5" fontSize="sm" fontWeight="medium">
                <LuZap aria-hidden />
                <Text truncate>{t('macros.chosen', { title: macro.title })}</Text>
              </HStack>
              <Text fontSize="xs" color="fg.muted">
                {actionsText ? t('macros.appliesOnSend', { changes: actionsText }) : t('macros.noActions')}
              </Text>
            </Stack>
            <CloseButton
              size="xs"
              aria-label={t('macros.remove', { title: macro.title })}
              onClick={() => setMacro(null)}
            />
          </HStack>
        )}
        {crossing && (
          <Alert.Root status="warning" size="sm">
            <Alert.Indicator />
            <Alert.Content gap="2">
              <Alert.Title>{t('mail.newerMessageQuestion')}</Alert.Title>
              <HStack gap="2" wrap="wrap">
                <Button size="xs" colorPalette="orange" onClick={() => send(true)}>
                  {t('mail.sendAnyway')}
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => {
                    setCrossing(false);
                    textRef.current?.focus();
                  }}
                >
                  {t('mail.reviewFirst')}
                </Button>
              </HStack>
            </Alert.Content>
          </Alert.Root>
        )}
        {heldNotice && (
          <Text role="status" fontSize="sm" color="fg.warning">
            {t('guard.heldNotice')}
          </Text>
        )}
        {addComment.isError && !isNewerMessageConflict(addComment.error) && (
          <Text role="alert" color="fg.error" fontSize="sm">
            {t('ticketDetail.commentFailed', { error: errorText(addComment.error, t) })}
          </Text>
        )}
        <HStack justify="end">
          <Button
            type="submit"
            size="sm"
            colorPalette={toCustomer ? undefined : 'yellow'}
            disabled={!content || macroState.loading || files.uploading || files.failed}
            loading={addComment.isPending}
            loadingText={toCustomer ? t('mail.replySending') : t('mail.noteAdding')}
          >
            {toCustomer ? <LuMail aria-hidden /> : <LuLock aria-hidden />}
            {toCustomer ? t('mail.replyButton') : t('mail.noteButton')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
