/**
 * English texts on the server, from the one registry (shared/i18n/catalogs/en.json): an API error keeps its English
 * `message` (API clients and docs/product.md rely on it) beside its code. The server formats English only, with
 * Lingui's core, the same formatter the SPA uses, from messages compiled ahead of time: no ICU parser at run time.
 *
 * A function carries only the texts the server words (docs/decisions/100-function-bundles.md): the keys of
 * `SERVER_TEXTS`, copied from the English catalog into messages.en.json and compiled by
 * `npx tsx scripts/server-texts.ts` (functions/lib/messages.test.ts fails when the copy is behind the catalog).
 */
import { type Messages, setupI18n } from '@lingui/core';
import {
  type ApiCode,
  type CodedText,
  type FieldLabel,
  type FormCode,
  type Message,
  type MessageKey,
  type MessageParams,
  messageOfIssueText,
  wordedParams,
} from '#shared/i18n/messages.ts';
import texts from './messages.en.json' with { type: 'json' };

/** The keys the server puts into words: error answers, field labels, its own pages, insight cards, one notice. */
export type ServerKey =
  | ApiCode
  | FormCode
  | FieldLabel
  | Extract<MessageKey, `page.${string}` | `insight.${string}`>
  | 'settings.passwordChanged';

/** Which catalog keys are server texts: by prefix, or the whole key. */
export const SERVER_TEXTS: readonly string[] = [
  'error.',
  'validation.',
  'form.',
  'field.',
  'page.',
  'insight.',
  'settings.passwordChanged',
];

/** Whether the catalog key `key` is one the server words. */
export const isServerKey = (key: string): boolean =>
  SERVER_TEXTS.some((entry) => (entry.endsWith('.') ? key.startsWith(entry) : key === entry));

// The JSON's inferred type is narrower than Lingui's compiled-message type, and not assignable to it as written.
const english = setupI18n({ locale: 'en', messages: { en: texts as unknown as Messages } });

/** The English text of `code` with its ICU arguments filled in. */
export const englishText = (code: ServerKey, params?: MessageParams): string =>
  english._(
    code,
    wordedParams(params, (key) => english._(key)),
  );

/** The English text of a message. */
export const englishOf = ({ code, params }: Message<ServerKey>): string => englishText(code, params);

/** The English text of a message written as one string (a schema's issue text, shared/i18n/messages.ts). */
export const englishOfText = (text: CodedText): string =>
  englishOf(messageOfIssueText(text) ?? { code: text as ServerKey });

/** Every code an API error answer may carry (docs/api.md "Errors"): the keys under `error.` and `validation.`. */
export const API_ERROR_CODES = Object.keys(texts).filter((key): key is ApiCode => /^(?:error|validation)\./.test(key));
