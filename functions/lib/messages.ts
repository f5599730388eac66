/**
 * English texts on the server, from the one registry (shared/i18n/catalogs/en.json): an API error keeps its English
 * `message` (API clients and docs/product.md rely on it) beside its code. The server formats English only, with
 * Lingui's core, the same formatter the SPA uses; messages are compiled from ICU when first used.
 */
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import en from '#shared/i18n/catalogs/en.json' with { type: 'json' };
import {
  type ApiCode,
  type CodedText,
  type Message,
  type MessageKey,
  type MessageParams,
  messageOfIssueText,
  wordedParams,
} from '#shared/i18n/messages.ts';

const english = setupI18n({ locale: 'en', messages: { en } });
english.setMessagesCompiler(compileMessage);

/** The English text of `code` with its ICU arguments filled in. */
export const englishText = (code: MessageKey, params?: MessageParams): string =>
  english._(
    code,
    wordedParams(params, (key) => english._(key)),
  );

/** The English text of a message. */
export const englishOf = ({ code, params }: Message): string => englishText(code, params);

/** The English text of a message written as one string (a schema's issue text, shared/i18n/messages.ts). */
export const englishOfText = (text: CodedText): string =>
  englishOf(messageOfIssueText(text) ?? { code: text as MessageKey });

/** Every code an API error answer may carry (docs/api.md "Errors"): the keys under `error.` and `validation.`. */
export const API_ERROR_CODES = Object.keys(en).filter((key): key is ApiCode => /^(?:error|validation)\./.test(key));
