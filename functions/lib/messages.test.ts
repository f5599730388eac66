import { describe, expect, it } from 'vitest';
import en from '#shared/i18n/catalogs/en.json' with { type: 'json' };
import texts from './messages.en.json' with { type: 'json' };
import { API_ERROR_CODES, englishText, isServerKey } from './messages.ts';

describe('the server texts', () => {
  it('are the English catalog’s server keys, word for word (else: npx tsx scripts/server-texts.ts)', () => {
    const expected = Object.fromEntries(Object.entries(en).filter(([key]) => isServerKey(key)));
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

  it('list every error and validation code of the catalog as an API error code', () => {
    const codes = Object.keys(en).filter((key) => /^(?:error|validation)\./.test(key));
    expect([...API_ERROR_CODES].sort()).toEqual(codes.sort());
  });
});
