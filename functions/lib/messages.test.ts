import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import en from '#shared/i18n/catalogs/en.json' with { type: 'json' };
import texts from './messages.en.json' with { type: 'json' };
import { setupI18n } from '@lingui/core';
import { API_ERROR_CODES, englishText, isServerKey, type ServerKey } from './messages.ts';

describe('the server texts', () => {
  it('are the English catalog’s server keys, compiled word for word (else: npx tsx scripts/server-texts.ts)', () => {
    const expected = Object.fromEntries(
      Object.entries(en)
        .filter(([key]) => isServerKey(key))
        .map(([key, text]) => [key, compileMessage(text)]),
    );
    expect(texts).toEqual(expected);
  });

  it('leave out what only the web app shows', () => {
    expect(isServerKey('signIn.title')).toBe(false);
    expect(isServerKey('settings.title')).toBe(false);
    expect(isServerKey('settings.passwordChanged')).toBe(true);
  });

  it('word an error code with its arguments, the field named by its label', () => {
    expect(englishText('validation.boolean', { field: 'field.subject' })).toBe('Subject must be true or false');
    expect(englishText('validation.attachment.tooMany', { max: 1 })).toBe('At most 1 file per message');
  });

  it('word every server text from its compiled form as the ICU text itself would be worded', () => {
    const fromCatalog = setupI18n({ locale: 'en', messages: { en: {} } });
    fromCatalog.setMessagesCompiler(compileMessage);
    const params = { field: 'Subject', max: 2, count: 3, min: 1, name: 'Ada', n: 4, days: 5 };
    for (const [key, text] of Object.entries(en).filter(([key]) => isServerKey(key))) {
      expect(englishText(key as ServerKey, params), key).toBe(
        fromCatalog._({ id: key, message: text, values: params }),
      );
    }
  });

  it('list every error and validation code of the catalog as an API error code', () => {
    const codes = Object.keys(en).filter((key) => /^(?:error|validation)\./.test(key));
    expect([...API_ERROR_CODES].sort()).toEqual(codes.sort());
  });
});
