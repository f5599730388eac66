/**
 * The rules every string the API accepts follows, in one place (docs/product.md §5 "Input limits"). Every schema in
 * shared/schemas builds its strings with these helpers, so that no text reaches the table or Cognito with a control
 * character, a lone surrogate or an unbounded length, and no text of only invisible characters counts as filled in.
 *
 * - `text`: free text. One line unless `multiline`, where newline and tab are kept (CR LF and CR become LF).
 * - `identifier`: an id in a path, a query or a body (user, category, API key): 1 to 64 of `A-Z a-z 0-9 . _ : -`.
 * - `wholeNumber`: canonical decimal digits only (`0x10`, `1e1`, `+5`, ` 1`, `01` are refused).
 * - `opaqueToken`: a cursor or similar token the server handed out: base64url characters, bounded.
 */
import * as z from 'zod';
import { type FieldLabel, issueText } from '../i18n/messages.ts';

/**
 * The input rules' messages as zod issue texts (shared/i18n/messages.ts): each names its field by a `field.` key, which
 * is worded in the reader's language with the message.
 */
export const INPUT_ISSUES = {
  required: (field: FieldLabel) => issueText('validation.input.required', { field }),
  mustBeText: (field: FieldLabel) => issueText('validation.input.notText', { field }),
  tooLong: (field: FieldLabel, max: number) => issueText('validation.input.tooLong', { field, max }),
  tooShort: (field: FieldLabel, min: number) => issueText('validation.input.tooShort', { field, min }),
  badCharacters: (field: FieldLabel) => issueText('validation.input.badCharacters', { field }),
  invalidIdentifier: (field: FieldLabel) => issueText('validation.input.invalidIdentifier', { field }),
};

/** C0 controls, DEL and C1 controls (Unicode's `Cc`): never allowed on one line. */
const CONTROL = /\p{Cc}/u;
/** The same, except tab and newline: what a long text may not hold. */
const CONTROL_EXCEPT_TAB_NEWLINE = /[^\P{Cc}\t\n]/u;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/**
 * Characters that show nothing: white space and Unicode's default-ignorable code points (zero-width spaces and
 * joiners, direction marks and isolates, the byte-order mark, soft hyphen, word joiner and invisible operators,
 * variation selectors, Hangul fillers). What a text of "nothing visible" is made of.
 */
const INVISIBLE = /[\s\p{Default_Ignorable_Code_Point}]/gu;

/** What is wrong with a raw string's characters, if anything (before any trimming). */
export function characterProblem(value: string, multiline = false): 'control' | 'surrogate' | undefined {
  if (LONE_SURROGATE.test(value)) return 'surrogate';
  const normalized = multiline ? value.replace(/\r\n?/g, '\n') : value;
  if ((multiline ? CONTROL_EXCEPT_TAB_NEWLINE : CONTROL).test(normalized)) return 'control';
  return undefined;
}

/** How many characters of a text a reader sees (code points other than white space and invisible ones). */
export const visibleLength = (value: string): number => [...value.replace(INVISIBLE, '')].length;

export interface TextRules {
  /** Names the field in messages ("Subject contains characters that are not allowed"): a `field.` key. */
  label: FieldLabel;
  /** Most characters (UTF-16 code units, as the web app's `maxLength` counts them), before trimming. */
  max: number;
  /** The message when longer than `max`; "{label} must be at most {max} characters" if not given. */
  tooLong?: string;
  /** Fewest visible characters; 1 when `required` is given and `min` is not. */
  min?: number;
  /** The message when shorter than `min`. */
  tooShort?: string;
  /** The message when nothing visible was given (and when the value is not a string at all). */
  required?: string;
  /** Newline and tab are allowed (long texts: descriptions, comments). */
  multiline?: boolean;
}

/** A trimmed, checked text (see the module comment); an empty result is allowed only when nothing is required. */
export function text(rules: TextRules) {
  const min = rules.min ?? (rules.required ? 1 : 0);
  const tooShort = rules.tooShort ?? rules.required ?? INPUT_ISSUES.tooShort(rules.label, min);
  return z
    .string({ error: rules.required ?? INPUT_ISSUES.mustBeText(rules.label) })
    .max(rules.max, rules.tooLong ?? INPUT_ISSUES.tooLong(rules.label, rules.max))
    .superRefine((value, ctx) => {
      const problem = characterProblem(value, rules.multiline);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: INPUT_ISSUES.badCharacters(rules.label) });
        return;
      }
      const visible = visibleLength(value);
      if (visible === 0 && rules.required) ctx.addIssue({ code: 'custom', message: rules.required });
      else if (visible < min) ctx.addIssue({ code: 'custom', message: tooShort });
    })
    .transform((value) => (rules.multiline ? value.replace(/\r\n?/g, '\n') : value).trim());
}

/** Longest id the API accepts anywhere (a Cognito `sub` and our UUIDs are 36). */
export const IDENTIFIER_MAX = 64;
const IDENTIFIER = /^[A-Za-z0-9._:-]+$/;

/** An id: 1 to 64 of `A-Z a-z 0-9 . _ : -`, surrounding white space ignored. */
export const identifier = (label: FieldLabel, required: string = INPUT_ISSUES.required(label)) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(IDENTIFIER_MAX, INPUT_ISSUES.tooLong(label, IDENTIFIER_MAX))
    .regex(IDENTIFIER, INPUT_ISSUES.invalidIdentifier(label));

/**
 * A whole number of at most `maxDigits` digits: written in canonical decimal digits when it comes as text (no sign, no
 * leading zero, no white space, no exponent, no hex), or a whole number when code passes one.
 */
export const wholeNumber = (message: string, maxDigits = 10) =>
  z.union(
    [
      z
        .number({ error: message })
        .int(message)
        .min(0, message)
        .max(10 ** maxDigits - 1, message),
      z
        .string({ error: message })
        .regex(new RegExp(`^(0|[1-9][0-9]{0,${maxDigits - 1}})$`), message)
        .transform(Number),
    ],
    { error: message },
  );

/** A token the server handed out (a cursor): base64url characters only, at most `max`. */
export const opaqueToken = (message: string, max = 2_000) =>
  z
    .string({ error: message })
    .max(max, message)
    .regex(/^[A-Za-z0-9_-]+$/, message);

/**
 * A secret typed by a person (a password): never trimmed or normalized, since it must reach Cognito as typed, but
 * bounded and free of control characters and lone surrogates.
 */
export const secretText = (label: FieldLabel, max: number, required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .max(max, INPUT_ISSUES.tooLong(label, max))
    .refine((value) => !characterProblem(value), INPUT_ISSUES.badCharacters(label));

/** The longest e-mail address (RFC 5321's path limit, less the angle brackets). */
export const EMAIL_MAX = 254;
