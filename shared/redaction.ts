/**
 * How a redaction is stored and read back (docs/decisions/073-redaction.md): the stored text and the history keep the
 * kind of secret that was removed, never words in a language; every reader sees it in their own language (the web
 * app in the staff member's, an e-mail in the customer's). Shared by the server, which writes and e-mails it, and the
 * web app, which shows it.
 */

/** The kinds of secret that are redacted, in the order they are reported. */
export const REDACTION_KINDS = ['cardNumber', 'seedPhrase', 'privateKey'] as const;
export type RedactionKind = (typeof REDACTION_KINDS)[number];

/** What replaces a secret in the stored text: `[redacted:cardNumber]`. */
export const redactionMarker = (kind: RedactionKind): string => `[redacted:${kind}]`;

/** The English markers stored before the kinds were: `[redacted card number]` and its like. */
const LEGACY_KINDS: Readonly<Record<string, RedactionKind>> = {
  'card number': 'cardNumber',
  'seed phrase': 'seedPhrase',
  'private key': 'privateKey',
};

const MARKER = /\[redacted(?::(cardNumber|seedPhrase|privateKey)| (card number|seed phrase|private key))\]/g;

/**
 * `text` with every redaction marker, today's and the English ones stored before, replaced by `word(kind)`: the
 * marker in the reader's language.
 */
export function wordRedactions(text: string, word: (kind: RedactionKind) => string): string {
  if (!text.includes('[redacted')) return text;
  return text.replace(MARKER, (_marker, kind: RedactionKind | undefined, legacy: string | undefined) =>
    word(kind ?? LEGACY_KINDS[legacy!]!),
  );
}

/** The history entry's change that notes what was redacted from a field: `description:cardNumber,seedPhrase`. */
export interface RedactionNote {
  /** The field the secrets were removed from: `subject`, `description`, `comment` or `ratingComment`. */
  field: string;
  kinds: RedactionKind[];
}

/** The `field` of a history change that notes a redaction. */
export const REDACTION_CHANGE_FIELD = 'redacted';

/** The stored value of a redaction note: the field, a colon, the kinds joined by commas. */
export const redactionNoteValue = ({ field, kinds }: RedactionNote): string => `${field}:${kinds.join(',')}`;

/** The English fields of notes stored before the kinds were ('card number, seed phrase in rating comment'). */
const LEGACY_FIELDS: Readonly<Record<string, string>> = { 'rating comment': 'ratingComment' };

const isKind = (value: string): value is RedactionKind => (REDACTION_KINDS as readonly string[]).includes(value);

/** A redaction note read back from a history change's value, today's form or the English one; null for anything else. */
export function parseRedactionNote(value: unknown): RedactionNote | null {
  if (typeof value !== 'string') return null;
  const current = /^(\w+):([\w,]+)$/.exec(value);
  if (current) {
    const kinds = current[2]!.split(',');
    return kinds.every(isKind) ? { field: current[1]!, kinds } : null;
  }
  const legacy = /^(.+) in (.+)$/.exec(value);
  if (!legacy) return null;
  const kinds = legacy[1]!.split(', ').map((kind) => LEGACY_KINDS[kind]);
  if (!kinds.every((kind) => kind !== undefined)) return null;
  return { field: LEGACY_FIELDS[legacy[2]!] ?? legacy[2]!, kinds };
}
