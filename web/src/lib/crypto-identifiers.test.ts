import { describe, expect, it } from 'vitest';
import { t } from '../i18n/i18n.ts';
import { copyLabel, splitIdentifiers } from './crypto-identifiers.ts';

const TX = '9f2c6a1b3e5d7f9012345678901234567890abcdefabcdefabcdef1234567890';

describe('splitIdentifiers', () => {
  it.each([
    ['a Bitcoin legacy address', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'address'],
    ['a P2SH address', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'address'],
    ['a bech32 address', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'address'],
    ['an Ethereum address', '0x742d35Cc6634C0532925a3b844Bc454e4438f44e', 'address'],
    ['a TRON address', 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', 'address'],
    ['a transaction id', TX, 'transaction'],
    ['an EVM transaction hash', `0x${TX}`, 'transaction'],
  ])('finds %s in a sentence', (_label, value, kind) => {
    const segments = splitIdentifiers(`Sent to ${value}, please check.`);
    expect(segments).toEqual([{ text: 'Sent to ' }, { text: value, kind }, { text: ', please check.' }]);
  });

  it.each([
    ['ordinary text', 'My withdrawal is stuck since Monday'],
    ['an order number', 'Order 1234567890123456789012345 failed'],
    ['a word that contains an address-like run', 'xx1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
    ['hex that is too short', 'deadbeef'],
    ['a redaction marker', '[redacted private key]'],
  ])('leaves %s alone', (_label, text) => {
    expect(splitIdentifiers(text)).toEqual([{ text }]);
  });

  it('keeps every character: the segments join back into the text', () => {
    const text = `a ${TX}\nb 0x742d35Cc6634C0532925a3b844Bc454e4438f44e c`;
    expect(
      splitIdentifiers(text)
        .map((s) => s.text)
        .join(''),
    ).toBe(text);
  });

  it('names the copy button after what it copies', () => {
    expect(copyLabel('transaction', TX, t)).toBe('Copy transaction id 9f2c6a1b…567890');
    expect(copyLabel('address', '0x742d35Cc6634C0532925a3b844Bc454e4438f44e', t)).toBe('Copy address 0x742d35…38f44e');
  });
});
