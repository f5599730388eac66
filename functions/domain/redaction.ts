/**
 * Secrets a customer or an agent should never have typed into a ticket (docs/decisions/073-redaction.md): payment
 * card numbers, wallet seed phrases and private keys. They are replaced by a marker naming their kind
 * (`[redacted:cardNumber]`, shared/redaction.ts; each reader sees it in their language) before anything is stored, so
 * they never reach the table, its stream, backups, e-mails or webhooks. What support needs stays: wallet addresses,
 * transaction ids (a bare 64-hex string), order and phone numbers. Pure: no AWS, no I/O.
 */
import { createHash } from 'node:crypto';
import {
  REDACTION_CHANGE_FIELD,
  REDACTION_KINDS,
  type RedactionKind,
  redactionMarker,
  redactionNoteValue,
} from '#shared/redaction.ts';
import type { FieldChange } from '#shared/schemas/ticket.ts';
import { BIP39_ENGLISH } from './bip39-english.ts';

export interface Redacted {
  text: string;
  /** The kinds found, each once, in REDACTION_KINDS order; empty when the text was clean. */
  kinds: RedactionKind[];
}

/** Fewest consecutive BIP-39 words that make a seed phrase (the shortest standard phrase has 12). */
export const SEED_PHRASE_MIN_WORDS = 12;

// ---- card numbers -----------------------------------------------------------------------------------------------

/** 13 to 19 digits, single spaces or dashes allowed between them, not inside a longer word, number or hex string. */
const CARD_CANDIDATE = /(?<![\p{L}\p{N}_-])\d(?:[ -]?\d){12,18}(?![\p{L}\p{N}_]|-\d)/gu;

/** The Luhn checksum every payment card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Card numbers start with 2 to 6 (Mastercard's 2-series, Amex, Visa, Mastercard, Discover, UnionPay, Maestro); only
 * Visa issued 13-digit numbers. This keeps millisecond timestamps (13 digits from 1…) and most ids out.
 */
const plausibleIssuer = (digits: string): boolean =>
  /^[2-6]/.test(digits) && (digits.length > 13 || digits.startsWith('4'));

function redactCards(text: string): [string, boolean] {
  let found = false;
  const out = text.replace(CARD_CANDIDATE, (match) => {
    const digits = match.replace(/[ -]/g, '');
    // One kind of separator, the way cards are written (4111 1111 1111 1111, 4111-1111-1111-1111).
    const separators = new Set(match.replace(/\d/g, ''));
    if (digits.length < 13 || digits.length > 19 || separators.size > 1 || !plausibleIssuer(digits)) return match;
    if (!luhnValid(digits)) return match;
    found = true;
    return redactionMarker('cardNumber');
  });
  return [out, found];
}

// ---- private keys -----------------------------------------------------------------------------------------------

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58Decode(text: string): Buffer | undefined {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58.indexOf(char);
    if (digit < 0) return undefined;
    value = value * 58n + BigInt(digit);
  }
  const hex = value.toString(16);
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  const zeros = text.length - text.replace(/^1+/, '').length;
  return Buffer.concat([Buffer.alloc(zeros), body]);
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();

/** Whether a base58 string carries a valid Base58Check checksum (as WIF keys and extended keys do). */
export function base58CheckValid(text: string): boolean {
  const bytes = base58Decode(text);
  if (!bytes || bytes.length < 5) return false;
  const payload = bytes.subarray(0, -4);
  return sha256(sha256(payload)).subarray(0, 4).equals(bytes.subarray(-4));
}

/**
 * Wallet Import Format: mainnet `5…` (51 characters, uncompressed) or `K…`/`L…` (52, compressed); testnet `9…` (51)
 * or `c…` (52). Extended private keys: `xprv`/`tprv` (and the `yprv`, `zprv`, `uprv`, `vprv` variants), 111 characters.
 * Both only when their checksum holds, so that an address-like string is never taken for a key.
 */
const WIF =
  /(?<![1-9A-HJ-NP-Za-km-z])(?:[59][1-9A-HJ-NP-Za-km-z]{50}|[KLc][1-9A-HJ-NP-Za-km-z]{51})(?![1-9A-HJ-NP-Za-km-z])/g;
const EXTENDED_PRIVATE_KEY =
  /(?<![1-9A-HJ-NP-Za-km-z])[xtyzuv]prv[1-9A-HJ-NP-Za-km-z]{100,112}(?![1-9A-HJ-NP-Za-km-z])/g;
/**
 * A 64-hex string is a transaction id unless it is labelled as a key: "private key: …", "privkey=…", "secret key
 * is 0x…". Only the hex is replaced; the label stays, so a reader knows what was there.
 */
const LABELLED_HEX_KEY =
  /((?:private|priv|secret)[\s_-]*key\s*(?:is\s*|[:=]\s*|\s)["'`]?(?:0x)?)([0-9a-fA-F]{64})(?![0-9a-fA-F])/gi;

function redactKeys(text: string): [string, boolean] {
  let found = false;
  const marker = redactionMarker('privateKey');
  const checked = (match: string) => {
    if (!base58CheckValid(match)) return match;
    found = true;
    return marker;
  };
  let out = text.replace(WIF, checked).replace(EXTENDED_PRIVATE_KEY, checked);
  out = out.replace(LABELLED_HEX_KEY, (_match, label: string) => {
    found = true;
    return `${label}${marker}`;
  });
  return [out, found];
}

// ---- seed phrases -----------------------------------------------------------------------------------------------

const BIP39 = new Set(BIP39_ENGLISH);

/** Words, and list numbers ("1.", "2)") that people put between the words of a phrase they copy. */
const TOKEN = /\p{L}+|\d{1,2}[.):]?/gu;
/** What may stand between two words of one phrase: white space, commas, dashes, quotes; a full stop ends it. */
const PHRASE_GAP = /^[\s,;\-"'()]*$/;

function redactSeedPhrases(text: string): [string, boolean] {
  const spans: [number, number][] = [];
  let runStart = -1;
  let runEnd = -1;
  let words = 0;
  let previousEnd = 0;
  const closeRun = () => {
    if (words >= SEED_PHRASE_MIN_WORDS) spans.push([runStart, runEnd]);
    runStart = -1;
    words = 0;
  };
  for (const match of text.matchAll(TOKEN)) {
    const start = match.index;
    const token = match[0];
    const isNumber = /^\d/.test(token);
    const isWord = !isNumber && BIP39.has(token.toLowerCase());
    const joined = runStart >= 0 && PHRASE_GAP.test(text.slice(previousEnd, start));
    if (runStart >= 0 && !joined) closeRun();
    if (isWord) {
      if (runStart < 0) runStart = start;
      runEnd = start + token.length;
      words++;
    } else if (!isNumber || runStart < 0) {
      closeRun();
    }
    previousEnd = start + token.length;
  }
  closeRun();
  if (spans.length === 0) return [text, false];
  let out = '';
  let from = 0;
  for (const [start, end] of spans) {
    out += text.slice(from, start) + redactionMarker('seedPhrase');
    from = end;
  }
  return [out + text.slice(from), true];
}

// ---- all together -----------------------------------------------------------------------------------------------

/** `text` with every card number, seed phrase and private key replaced by its marker, and the kinds found. */
export function redactSensitive(text: string): Redacted {
  const [afterKeys, keys] = redactKeys(text);
  const [afterCards, cards] = redactCards(afterKeys);
  const [afterPhrases, phrases] = redactSeedPhrases(afterCards);
  const kinds = REDACTION_KINDS.filter((kind) => ({ cardNumber: cards, seedPhrase: phrases, privateKey: keys })[kind]);
  return { text: afterPhrases, kinds };
}

/** The fields of an input, redacted; and, per field that held something, what kinds (for the history entry). */
export function redactFields<T extends Record<string, unknown>, K extends keyof T & string>(
  input: T,
  fields: readonly K[],
): { value: T; found: { field: K; kinds: RedactionKind[] }[] } {
  const value = { ...input };
  const found: { field: K; kinds: RedactionKind[] }[] = [];
  for (const field of fields) {
    const text = input[field];
    if (typeof text !== 'string') continue;
    const result = redactSensitive(text);
    if (result.kinds.length === 0) continue;
    (value as Record<string, unknown>)[field] = result.text;
    found.push({ field, kinds: result.kinds });
  }
  return { value, found };
}

/**
 * The history's note of what was redacted: one change per field, naming the field and the kinds of secret removed from
 * it, never what they were (`{ field: 'redacted', from: null, to: 'description:cardNumber' }`); readers word it.
 */
export function redactionChanges(found: readonly { field: string; kinds: readonly RedactionKind[] }[]): FieldChange[] {
  return found.map(({ field, kinds }) => ({
    field: REDACTION_CHANGE_FIELD,
    from: null,
    to: redactionNoteValue({ field, kinds: [...kinds] }),
  }));
}
