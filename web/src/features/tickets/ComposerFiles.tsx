/**
 * The composer's files (docs/decisions/094-attachments.md, docs/product.md §2 "Ticket page"): chosen with the
 * "Attach files" button, dropped on the composer or pasted (a screenshot). Each is checked against the limits, then
 * announced and uploaded at once, with its progress, a way to take it off, and what went wrong in the reader's
 * language. The message is sent with the ids of the files that are up; nothing is lost when it is refused.
 */
import { Box, Button, CloseButton, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { type ClipboardEvent, type DragEvent, useCallback, useEffect, useRef, useState } from 'react';
import { LuCircleCheck, LuFile, LuPaperclip, LuTriangleAlert } from 'react-icons/lu';
import { ATTACHMENT_LIMITS, ATTACHMENT_MAX_MB } from '#shared/schemas/attachment.ts';
import { INTL_LOCALES } from '../../i18n/languages.ts';
import { type Translate, useT } from '../../i18n/react.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { ApiError } from '../../lib/api.ts';
import { errorText, serverReason } from '../../lib/server-message.ts';
import {
  announceFile,
  checkFile,
  fileSize,
  PICKER_ACCEPT,
  postToStorage,
  type Reason,
  StorageError,
  screenshotName,
} from './attachment-upload.ts';

/** A file of the message being written. */
interface ComposerFile {
  key: string;
  name: string;
  size: number;
  status: 'uploading' | 'ready' | 'failed';
  /** Share of the bytes sent, 0 to 1. */
  progress: number;
  attachmentId?: string;
  /** Why it failed: a checked limit (worded at render time, in the language of the moment), or the error met. */
  failure?: Reason | { error: unknown };
}

const failureText = (failure: ComposerFile['failure'], t: Translate): string => {
  if (!failure) return '';
  if ('key' in failure) return t(failure.key, failure.params);
  const { error } = failure;
  if (error instanceof StorageError)
    return error.status === 0
      ? t('attachment.uploadFailed')
      : t('attachment.storageRefused', { code: error.code ?? String(error.status) });
  if (error instanceof ApiError) return serverReason(error, t) ?? errorText(error, t);
  return errorText(error, t);
};

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

let nextKey = 0;

/** The files of one composer, and what the composer needs of them. */
export function useComposerFiles(ticketId: number) {
  const [files, setFiles] = useState<ComposerFile[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  // The files that count towards the limit (checked and not taken off), known before React renders the ones just added.
  const counted = useRef(new Set<string>());

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const update = useCallback((key: string, change: Partial<ComposerFile>) => {
    setFiles((current) => current.map((file) => (file.key === key ? { ...file, ...change } : file)));
  }, []);

  const upload = useCallback(
    async (key: string, file: File) => {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      try {
        const answer = await announceFile(ticketId, file);
        if (controller.signal.aborted) return;
        update(key, { attachmentId: answer.attachmentId });
        await postToStorage(answer.upload, file, (progress) => update(key, { progress }), controller.signal);
        update(key, { status: 'ready', progress: 1 });
      } catch (error) {
        if (isAbort(error) || controller.signal.aborted) return;
        update(key, { status: 'failed', failure: { error } });
      } finally {
        controllers.current.delete(key);
      }
    },
    [ticketId, update],
  );

  const add = useCallback(
    (chosen: readonly File[]) => {
      const added: ComposerFile[] = [];
      for (const file of chosen) {
        const key = `file-${++nextKey}`;
        const reason = checkFile(file, counted.current.size);
        if (reason) {
          added.push({ key, name: file.name, size: file.size, status: 'failed', progress: 0, failure: reason });
          continue;
        }
        counted.current.add(key);
        added.push({ key, name: file.name, size: file.size, status: 'uploading', progress: 0 });
        void upload(key, file);
      }
      setFiles((current) => [...current, ...added]);
    },
    [upload],
  );

  const remove = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    counted.current.delete(key);
    setFiles((current) => current.filter((f) => f.key !== key));
  }, []);

  const clear = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    counted.current.clear();
    setFiles([]);
  }, []);

  return {
    files,
    add,
    remove,
    clear,
    uploading: files.some((file) => file.status === 'uploading'),
    failed: files.some((file) => file.status === 'failed'),
    attachmentIds: files.flatMap((file) => (file.status === 'ready' && file.attachmentId ? [file.attachmentId] : [])),
  };
}

export type ComposerFilesState = ReturnType<typeof useComposerFiles>;

/** The files a drag or paste carries (pasted images under a screenshot's name when the clipboard gave none). */
function filesOf(transfer: DataTransfer, pasted: boolean): File[] {
  const files = [...transfer.items]
    .filter((item) => item.kind === 'file')
    .map((item) => item.getAsFile())
    .filter((file): file is File => file !== null);
  const all = files.length ? files : [...transfer.files];
  if (!pasted) return all;
  return all.map((file) =>
    file.type.startsWith('image/') && /^(|image\.\w+|blob)$/i.test(file.name)
      ? new File([file], screenshotName(file.type), { type: file.type, lastModified: file.lastModified })
      : file,
  );
}

const carriesFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

/**
 * What the composer's form spreads on itself: drop files on it, paste a screenshot into it. A paste that carries text
 * is left to paste its text: a spreadsheet's copied cells come with a picture of themselves, which is no attachment.
 */
export function useFileDropAndPaste(files: ComposerFilesState) {
  const [dragging, setDragging] = useState(false);
  return {
    dragging,
    handlers: {
      onDragEnter: (event: DragEvent) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setDragging(true);
      },
      onDragOver: (event: DragEvent) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      },
      onDragLeave: (event: DragEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      },
      onDrop: (event: DragEvent) => {
        setDragging(false);
        if (!carriesFiles(event)) return;
        event.preventDefault();
        files.add(filesOf(event.dataTransfer, false));
      },
      onPaste: (event: ClipboardEvent) => {
        if (event.clipboardData.types.includes('text/plain')) return;
        const pasted = filesOf(event.clipboardData, true);
        if (pasted.length === 0) return;
        event.preventDefault();
        files.add(pasted);
      },
    },
  };
}

/** The "Attach files" button (a file picker, several at once) and the limits, said beside it. */
export function AttachButton({ files, disabled }: { files: ComposerFilesState; disabled?: boolean }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  return (
    <HStack gap="2" wrap="wrap" minW="0">
      <Button size="xs" variant="outline" onClick={() => input.current?.click()} disabled={disabled}>
        <LuPaperclip aria-hidden />
        {t('attachment.attach')}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={PICKER_ACCEPT}
        aria-label={t('attachment.attach')}
        onChange={(event) => {
          files.add([...(event.target.files ?? [])]);
          // The same file can be chosen again after it was taken off.
          event.target.value = '';
        }}
      />
      <Text fontSize="xs" color="fg.muted" flex="1" minW="12rem">
        {t('attachment.attachHint', { max: ATTACHMENT_LIMITS.perMessage, maxMb: ATTACHMENT_MAX_MB })}
      </Text>
    </HStack>
  );
}

/** The message's files: each with its size, its progress or state, and a button to take it off. */
export function ComposerFileList({ files }: { files: ComposerFilesState }) {
  const t = useT();
  const format = useFormat();
  const locale = INTL_LOCALES[format.language];
  if (files.files.length === 0) return null;
  return (
    <Stack gap="2">
      <Stack as="ul" listStyleType="none" gap="1.5" aria-label={t('attachment.composerFiles')}>
        {files.files.map((file) => (
          <Box
            as="li"
            key={file.key}
            data-status={file.status}
            borderWidth="1px"
            rounded="md"
            px="2.5"
            py="1.5"
            fontSize="sm"
            borderColor={file.status === 'failed' ? 'border.error' : undefined}
          >
            <HStack gap="2" justify="space-between">
              <HStack gap="1.5" minW="0">
                {file.status === 'failed' ? (
                  <Box color="fg.error" flexShrink="0">
                    <LuTriangleAlert aria-hidden />
                  </Box>
                ) : file.status === 'ready' ? (
                  <Box color="fg.success" flexShrink="0">
                    <LuCircleCheck aria-hidden />
                  </Box>
                ) : (
                  <LuFile aria-hidden />
                )}
                <Text truncate fontWeight="medium">
                  {file.name}
                </Text>
                <Text as="span" color="fg.muted" fontSize="xs" flexShrink="0">
                  {fileSize(file.size, locale)}
                </Text>
              </HStack>
              <CloseButton
                size="2xs"
                aria-label={t('attachment.unattach', { filename: file.name })}
                onClick={() => files.remove(file.key)}
              />
            </HStack>
            {file.status === 'uploading' && (
              <Progress.Root value={Math.round(file.progress * 100)} size="xs" mt="1">
                <Progress.Track aria-label={t('attachment.uploading', { filename: file.name })}>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            )}
            {/* The progress bar tells a screen reader how far it is; it hears when the file is ready, or why not. */}
            <Text fontSize="xs" mt="0.5" color={file.status === 'failed' ? 'fg.error' : 'fg.muted'}>
              {file.status === 'uploading' && (
                <span aria-hidden>
                  {t('attachment.uploadingPercent', { percent: format.wholePercent(file.progress * 100) })}
                </span>
              )}
              <span aria-live="polite">{file.status === 'ready' ? t('attachment.ready') : ''}</span>
              {file.status === 'failed' && <span role="alert">{failureText(file.failure, t)}</span>}
            </Text>
          </Box>
        ))}
      </Stack>
      {(files.uploading || files.failed) && (
        <Text fontSize="xs" color={files.failed ? 'fg.error' : 'fg.muted'} aria-live="polite">
          {files.failed ? t('attachment.removeFailedFirst') : t('attachment.waitForUploads')}
        </Text>
      )}
    </Stack>
  );
}
