/**
 * Wallet addresses and transaction ids in ticket text (docs/product.md §2 "Ticket details"): support needs them
 * exactly, so the ticket view shows them in monospace with a copy button. Detection only: nothing is validated or
 * changed (secrets never get here: the server redacts them before storing, functions/domain/redaction.ts).
 */
import type { Translate } from '../i18n/react.tsx';

export type IdentifierKind = 'address' | 'transaction';

export type TextSegment = { text: string } | { text: string; kind: IdentifierKind };

/**
 * Bitcoin legacy and P2SH (base58, `1…`/`3…`), Bitcoin SegWit/Taproot (bech32, `bc1…`), Ethereum and EVM chains
 * (`0x` and 40 hex), TRON (`T…`, base58, 34 characters), and 64-hex transaction ids (with or without `0x`). Each
 * stands alone: not inside a longer word or number.
 */
const IDENTIFIER =
  /(?<![\p{L}\p{N}])(?:(?<tx>(?:0x)?[0-9a-fA-F]{64})|(?<evm>0x[0-9a-fA-F]{40})|(?<bech32>bc1[02-9ac-hj-np-z]{11,71})|(?<tron>T[1-9A-HJ-NP-Za-km-z]{33})|(?<base58>[13][1-9A-HJ-NP-Za-km-z]{25,34}))(?![\p{L}\p{N}])/gu;

/** `text` cut into plain runs and the identifiers in it, in order; joining the `text`s gives `text` back. */
export function splitIdentifiers(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let from = 0;
  for (const match of text.matchAll(IDENTIFIER)) {
    const value = match[0];
    // A base58 run that is all digits is a number (an order or phone number), not an address.
    if (match.groups?.base58 && /^\d+$/.test(value)) continue;
    if (match.index > from) segments.push({ text: text.slice(from, match.index) });
    segments.push({ text: value, kind: match.groups?.tx ? 'transaction' : 'address' });
    from = match.index + value.length;
  }
  if (from < text.length) segments.push({ text: text.slice(from) });
  return segments;
}

/** What a copy button says it copies, for its accessible name. */
export const copyLabel = (kind: IdentifierKind, value: string, t: Translate): string =>
  t(kind === 'address' ? 'identifier.copyAddress' : 'identifier.copyTransaction', {
    value: value.length > 16 ? `${value.slice(0, 8)}…${value.slice(-6)}` : value,
  });
