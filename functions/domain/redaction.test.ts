import { describe, expect, it } from 'vitest';
import { base58CheckValid, luhnValid, redactFields, redactionChanges, redactSensitive } from './redaction.ts';

const TX_ID = '9f2c6a1b3e5d7f9012345678901234567890abcdefabcdefabcdef1234567890';
const HEX_KEY = 'e9873d79c6d87dc0fb6a5778633389f4453213303da61f20bd67fc233aa33262';
const PHRASE_12 = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
const XPRV =
  'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi';

describe('redactSensitive', () => {
  it.each([
    [
      'a Visa number in groups of four',
      'My card 4111 1111 1111 1111 was charged twice',
      'My card [redacted:cardNumber] was charged twice',
    ],
    ['a Mastercard number without separators', 'card=5555555555554444.', 'card=[redacted:cardNumber].'],
    ['an Amex number (15 digits)', 'amex 378282246310005', 'amex [redacted:cardNumber]'],
    ['a number with dashes', '4111-1111-1111-1111', '[redacted:cardNumber]'],
    ['a 13-digit card', 'old visa 4222222222222', 'old visa [redacted:cardNumber]'],
    ['a 12-word seed phrase', `my phrase is ${PHRASE_12}`, 'my phrase is [redacted:seedPhrase]'],
    [
      'a numbered seed phrase',
      '1. legal 2. winner 3. thank 4. year 5. wave 6. sausage 7. worth 8. useful 9. legal 10. winner 11. thank 12. yellow',
      '1. [redacted:seedPhrase]',
    ],
    [
      'a seed phrase with commas and capitals',
      'Legal, winner, thank, year, wave, sausage, worth, useful, legal, winner, thank, yellow, ok?',
      '[redacted:seedPhrase], ok?',
    ],
    [
      'a phrase up to the full stop that ends it',
      `${PHRASE_12}. Deposit went through`,
      '[redacted:seedPhrase]. Deposit went through',
    ],
    ['a 24-word phrase as one run', `${PHRASE_12} ${PHRASE_12}`, '[redacted:seedPhrase]'],
    ['an uncompressed WIF key', 'key 5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ', 'key [redacted:privateKey]'],
    ['a compressed WIF key', 'KwdMAjGmerYanjeui5SHS7JkmpZvVipYvB2LJGU1ZxJwYvP98617', '[redacted:privateKey]'],
    ['an extended private key', `backup: ${XPRV}`, 'backup: [redacted:privateKey]'],
    ['a hex key labelled "private key:"', `private key: ${HEX_KEY}`, 'private key: [redacted:privateKey]'],
    ['a hex key labelled "privkey="', `privkey=0x${HEX_KEY}`, 'privkey=0x[redacted:privateKey]'],
    ['a hex key labelled "secret key is"', `my secret key is ${HEX_KEY}`, 'my secret key is [redacted:privateKey]'],
  ])('replaces %s', (_label, input, expected) => {
    expect(redactSensitive(input).text).toBe(expected);
  });

  it.each([
    ['an order number', 'Order ORD-2025-00012345 and order 1234 5678 9012 3456 (not Luhn)'],
    ['a 16-digit number that fails Luhn', '4111111111111112'],
    ['a millisecond timestamp (13 digits, Luhn-valid)', 'Deposit not credited 1795511370557'],
    ['a Luhn-valid number no card issuer uses', 'ref 7992739871300008'],
    ['phone numbers', 'call +1 415 555 2671 or +44 20 7946 0958'],
    ['an IBAN', 'IBAN DE89 3704 0044 0532 0130 00'],
    ['a bare transaction id', `tx ${TX_ID}`],
    ['a bare 64-hex string', HEX_KEY],
    [
      'wallet addresses',
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2 bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq 0x742d35Cc6634C0532925a3b844Bc454e4438f44e TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
    ],
    ['a WIF-shaped string with a wrong checksum', '5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTK'],
    ['eleven BIP-39 words in a row', 'legal winner thank year wave sausage worth useful legal winner thank'],
    [
      'ordinary English with a few BIP-39 words',
      'Hello, I made a deposit into my account but the balance did not change. Please check it again, thank you.',
    ],
    ['digits inside a hex string', 'deadbeef4111111111111111cafe'],
    ['a Luhn-valid run inside a longer number', '41111111111111110000000'],
  ])('keeps %s', (_label, input) => {
    expect(redactSensitive(input)).toEqual({ text: input, kinds: [] });
  });

  it('reports each kind found once, in a fixed order', () => {
    const text = `4111 1111 1111 1111 and ${PHRASE_12} and 5555555555554444 and private key: ${HEX_KEY}`;
    expect(redactSensitive(text).kinds).toEqual(['cardNumber', 'seedPhrase', 'privateKey']);
  });
});

describe('checksums', () => {
  it('Luhn accepts card numbers and refuses one digit off', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111121')).toBe(false);
  });

  it('Base58Check accepts a real WIF key and refuses an altered one', () => {
    expect(base58CheckValid('5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ')).toBe(true);
    expect(base58CheckValid('5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTK')).toBe(false);
    expect(base58CheckValid('0OIl')).toBe(false);
  });
});

describe('redactFields and the history note', () => {
  it('redacts only the named text fields and says which kinds each held, never the value', () => {
    const input = { subject: 'Card 4111 1111 1111 1111', description: `Words: ${PHRASE_12}`, priority: 'high' };
    const { value, found } = redactFields(input, ['subject', 'description']);
    expect(value).toEqual({
      subject: 'Card [redacted:cardNumber]',
      description: 'Words: [redacted:seedPhrase]',
      priority: 'high',
    });
    const notes = redactionChanges(found);
    expect(notes).toEqual([
      { field: 'redacted', from: null, to: 'subject:cardNumber' },
      { field: 'redacted', from: null, to: 'description:seedPhrase' },
    ]);
    expect(JSON.stringify(notes)).not.toContain('4111');
  });
});
