/**
 * Any text of the English catalog, as the SPA and the server word it: the tests look for texts of every screen, while
 * the functions carry only the server's (functions/lib/messages.ts).
 */
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import en from '#shared/i18n/catalogs/en.json' with { type: 'json' };
import { type MessageKey, type MessageParams, wordedParams } from '#shared/i18n/messages.ts';

const english = setupI18n({ locale: 'en', messages: { en } });
english.setMessagesCompiler(compileMessage);

/** The English text of `code` with its ICU arguments filled in. */
export const englishText = (code: MessageKey, params?: MessageParams): string =>
  english._(
    code,
    wordedParams(params, (key) => english._(key)),
  );
