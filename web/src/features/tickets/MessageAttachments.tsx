/**
 * A message's files in the thread (docs/decisions/094-attachments.md): each with its name, size, a type icon and,
 * for an image, a thumbnail; what the malware scan says; a refused file with why, a removed one with who, when and
 * why. A file that may be served is a link to the download route, which answers with a short-lived address on the
 * attachments bucket (never the app's origin) and records the download. Admins remove a file, with a reason.
 */
import { Alert, Badge, Box, Button, Dialog, Field, HStack, Image, Link, Stack, Text, Textarea } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import {
  LuFile,
  LuFileImage,
  LuFileSpreadsheet,
  LuFileText,
  LuFileX,
  LuShieldAlert,
  LuShieldQuestion,
  LuTrash2,
} from 'react-icons/lu';
import type { Attachment, AttachmentRefusal } from '#shared/schemas/attachment.ts';
import { ATTACHMENT_LIMITS, ATTACHMENT_MAX_MB } from '#shared/schemas/attachment.ts';
import type { MessageKey } from '#shared/i18n/messages.ts';
import { CancelFooter, DialogFrame } from '../../components/ui/DialogFrames.tsx';
import { INTL_LOCALES } from '../../i18n/languages.ts';
import { type Translate, useT } from '../../i18n/react.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { errorText } from '../../lib/server-message.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { fileSize } from './attachment-upload.ts';
import { useRemoveAttachmentMutation } from './mutations.ts';
import { canRemoveAttachments } from './permissions.ts';
import { isPendingApproval } from '../approvals/queries.ts';
import { notifySentForApproval } from '../approvals/sent-for-approval.ts';

/** The download route of a file; also an image's thumbnail. */
export const attachmentUrl = (ticketId: number, attachmentId: string): string =>
  `/api/tickets/${ticketId}/attachments/${encodeURIComponent(attachmentId)}`;

/** Types every browser draws in an `<img>` (HEIC is not among them). */
const THUMBNAIL_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

function TypeIcon({ contentType }: { contentType: string }) {
  const Icon = contentType.startsWith('image/')
    ? LuFileImage
    : contentType === 'text/csv' || /spreadsheet|excel/.test(contentType)
      ? LuFileSpreadsheet
      : contentType === 'application/pdf' ||
          contentType.startsWith('text/') ||
          /word|rtf|opendocument\.text/.test(contentType)
        ? LuFileText
        : LuFile;
  return <Icon aria-hidden />;
}

const REFUSAL_TEXT: Record<AttachmentRefusal, MessageKey> = {
  too_large: 'attachment.reason.tooLarge',
  too_many: 'attachment.reason.tooMany',
  empty: 'attachment.reason.empty',
  type_not_allowed: 'attachment.reason.typeNotAllowed',
  type_mismatch: 'attachment.reason.typeMismatch',
};

const refusalText = (reason: AttachmentRefusal | null, t: Translate): string =>
  t('attachment.refused', {
    reason: t(REFUSAL_TEXT[reason ?? 'type_not_allowed'], {
      max: reason === 'too_many' ? ATTACHMENT_LIMITS.perMessage : ATTACHMENT_MAX_MB,
    }),
  });

/** The files of one message of ticket `ticketId`, as a list; nothing when it has none. */
export function MessageAttachments({ ticketId, attachments }: { ticketId: number; attachments: Attachment[] }) {
  const t = useT();
  const user = useCurrentUser();
  const mayRemove = user ? canRemoveAttachments(user.role) : false;
  const [removing, setRemoving] = useState<Attachment | null>(null);
  if (attachments.length === 0) return null;
  return (
    <>
      <Stack as="ul" listStyleType="none" gap="2" mt="2" aria-label={t('attachment.filesLabel')}>
        {attachments.map((attachment) => (
          <AttachmentItem
            key={attachment.id}
            ticketId={ticketId}
            attachment={attachment}
            onRemove={mayRemove && attachment.state === 'available' ? () => setRemoving(attachment) : undefined}
          />
        ))}
      </Stack>
      <RemoveAttachmentDialog ticketId={ticketId} attachment={removing} onClose={() => setRemoving(null)} />
    </>
  );
}

function AttachmentItem({
  ticketId,
  attachment,
  onRemove,
}: {
  ticketId: number;
  attachment: Attachment;
  onRemove: (() => void) | undefined;
}) {
  const t = useT();
  const format = useFormat();
  const { filename, contentType, state, scanStatus } = attachment;
  const size = fileSize(attachment.size, INTL_LOCALES[format.language]);
  // The bytes are served once scanned clean, or where nothing scans; never an infected file.
  const served = state === 'available' && (scanStatus === 'clean' || scanStatus === 'not_scanned');
  const url = attachmentUrl(ticketId, attachment.id);
  return (
    <Box
      as="li"
      data-attachment-state={state}
      borderWidth="1px"
      rounded="md"
      px="2.5"
      py="1.5"
      bg="bg.panel"
      fontSize="sm"
      opacity={state === 'available' ? undefined : 0.85}
    >
      <HStack gap="3" align="start">
        {served && THUMBNAIL_TYPES.has(contentType) && (
          <Link href={url} flexShrink="0" tabIndex={-1} aria-hidden>
            <Image
              src={`${url}?preview=true`}
              alt={t('attachment.preview', { filename })}
              loading="lazy"
              maxH="16"
              maxW="24"
              objectFit="contain"
              rounded="sm"
              borderWidth="1px"
            />
          </Link>
        )}
        <Stack gap="0.5" minW="0" flex="1">
          <HStack gap="1.5" minW="0" wrap="wrap">
            {state === 'available' ? <TypeIcon contentType={contentType} /> : <LuFileX aria-hidden />}
            {served ? (
              <Link href={url} fontWeight="medium" wordBreak="break-all" download={filename}>
                {filename}
              </Link>
            ) : (
              <Text
                as="span"
                fontWeight="medium"
                wordBreak="break-all"
                textDecoration={state === 'available' ? undefined : 'line-through'}
              >
                {filename}
              </Text>
            )}
            <Text as="span" color="fg.muted" fontSize="xs">
              {size}
            </Text>
            {state === 'available' && scanStatus === 'not_scanned' && (
              <Badge size="sm" variant="outline" colorPalette="gray" title={t('attachment.notScannedHint')}>
                <LuShieldQuestion aria-hidden />
                {t('attachment.notScanned')}
              </Badge>
            )}
            {state === 'available' && scanStatus === 'pending' && (
              <Badge size="sm" variant="subtle" colorPalette="blue">
                {t('attachment.scanning')}
              </Badge>
            )}
            {state === 'available' && scanStatus === 'infected' && (
              <Badge size="sm" variant="solid" colorPalette="red">
                <LuShieldAlert aria-hidden />
                {t('attachment.infected')}
              </Badge>
            )}
          </HStack>
          {state === 'refused' && (
            <Text color="fg.error" fontSize="xs">
              {refusalText(attachment.refusedReason, t)}
            </Text>
          )}
          {state === 'removed' && attachment.removed && (
            <Text color="fg.muted" fontSize="xs">
              {t('attachment.removedBy', {
                name: attachment.removed.byName,
                date: format.dateTime(attachment.removed.at),
                reason: attachment.removed.reason,
              })}
            </Text>
          )}
        </Stack>
        {onRemove && (
          <Button
            size="2xs"
            variant="ghost"
            colorPalette="red"
            onClick={onRemove}
            aria-label={t('attachment.removeFromTicket', { filename })}
          >
            <LuTrash2 aria-hidden />
            {t('attachment.remove')}
          </Button>
        )}
      </HStack>
    </Box>
  );
}

/** Asks an admin why the file goes (required), then removes it; the server's refusal is said in the dialog. */
function RemoveAttachmentDialog({
  ticketId,
  attachment,
  onClose,
}: {
  ticketId: number;
  attachment: Attachment | null;
  onClose: () => void;
}) {
  const t = useT();
  const remove = useRemoveAttachmentMutation(ticketId);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const missing = reason.trim() === '';

  const close = () => {
    setReason('');
    setTried(false);
    remove.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!attachment || missing || remove.isPending) return;
    remove.mutate(
      { attachmentId: attachment.id, reason: reason.trim() },
      {
        onSuccess: (answer) => {
          if (isPendingApproval(answer)) notifySentForApproval();
          close();
        },
      },
    );
  };

  return (
    <DialogFrame
      open={attachment !== null}
      onClose={close}
      role="alertdialog"
      title={attachment ? t('attachment.removeTitle', { filename: attachment.filename }) : ''}
      description={t('attachment.removeExplain')}
      closeLabel={t('common.close')}
    >
      <form onSubmit={submit} noValidate>
        <Dialog.Body>
          <Stack gap="4">
            <Field.Root required invalid={tried && missing}>
              <Field.Label>
                {t('attachment.removeReason')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Textarea
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                maxLength={ATTACHMENT_LIMITS.removalReasonMax}
                rows={3}
              />
              <Field.ErrorText>{t('attachment.removeReasonRequired')}</Field.ErrorText>
            </Field.Root>
            {remove.isError && (
              <Alert.Root status="error" size="sm" role="alert">
                <Alert.Indicator />
                <Alert.Description>
                  {t('attachment.removeFailed', { error: errorText(remove.error, t) })}
                </Alert.Description>
              </Alert.Root>
            )}
          </Stack>
        </Dialog.Body>
        <CancelFooter>
          <Button type="submit" colorPalette="red" loading={remove.isPending} loadingText={t('attachment.removing')}>
            {t('attachment.removeConfirm')}
          </Button>
        </CancelFooter>
      </form>
    </DialogFrame>
  );
}
