import { describe, expect, it } from 'vitest';
import { parseRedactionNote, redactionMarker, redactionNoteValue, wordRedactions } from './redaction.ts';

const words = {
  cardNumber: '[número de tarjeta eliminado]',
  seedPhrase: '[frase semilla eliminada]',
  privateKey: 'KEY',
};

describe('wordRedactions', () => {
  it('words each stored marker in the reader’s language', () => {
    const text = `Card ${redactionMarker('cardNumber')} and ${redactionMarker('seedPhrase')}`;
    expect(wordRedactions(text, (kind) => words[kind])).toBe(
      'Card [número de tarjeta eliminado] and [frase semilla eliminada]',
    );
  });

  it('words the English markers stored before the kinds were', () => {
    expect(wordRedactions('key: [redacted private key], [redacted card number]', (kind) => words[kind])).toBe(
      'key: KEY, [número de tarjeta eliminado]',
    );
  });

  it('leaves everything else as written', () => {
    const text = 'Nothing [redacted] here, nor [redacted:password] or [redacted passport]';
    expect(wordRedactions(text, (kind) => words[kind])).toBe(text);
  });
});

describe('redaction notes', () => {
  it('reads back what it stores: the field and the kinds, no words', () => {
    const value = redactionNoteValue({ field: 'description', kinds: ['cardNumber', 'privateKey'] });
    expect(value).toBe('description:cardNumber,privateKey');
    expect(parseRedactionNote(value)).toEqual({ field: 'description', kinds: ['cardNumber', 'privateKey'] });
  });

  it('reads the English notes stored before', () => {
    expect(parseRedactionNote('card number, seed phrase in subject')).toEqual({
      field: 'subject',
      kinds: ['cardNumber', 'seedPhrase'],
    });
    expect(parseRedactionNote('private key in rating comment')).toEqual({
      field: 'ratingComment',
      kinds: ['privateKey'],
    });
  });

  it('is null for a value that notes no redaction', () => {
    for (const value of ['open', 'subject:password', 'passport in subject', 42, null])
      expect(parseRedactionNote(value)).toBeNull();
  });
});
