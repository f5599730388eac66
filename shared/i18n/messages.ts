/**
 * The one registry of user-visible texts (docs/decisions/081-one-message-registry-and-lingui.md): every text has a key in
 * the catalogs of shared/i18n/catalogs/ (English is the source; es, fr, de, zh, ja translate it), written in ICU
 * MessageFormat. The keys under `error.` and `validation.` are also the API's error codes: an error answer carries
 * the code and its parameters beside the English message, so the SPA shows it in the reader's language.
 *
 * This module holds only types and the zod bridge, no texts: the web app loads one language's catalog lazily
 * (web/src/i18n/), the server formats English (functions/lib/messages.ts).
 */
import type en from './catalogs/en.json';

/** The key of a text in the catalogs. */
export type MessageKey = keyof typeof en;

/** The keys an API error answer may carry as its `code` (and a field error as its field's code). */
export type ApiCode = Extract<MessageKey, `error.${string}` | `validation.${string}`>;

/** Problems only the SPA's forms find (a confirmation that differs), never the API. */
export type FormCode = Extract<MessageKey, `form.${string}`>;

/** The name of a form or API field as messages quote it ("Subject is required"): worded per language with them. */
export type FieldLabel = Extract<MessageKey, `field.${string}`>;

/** ICU arguments of a message: `{max}`, `{count, plural, …}`, `{field}`. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** A text not yet put into words: its key and arguments. Rules return these; screens and the server format them. */
export interface Message<K extends MessageKey = MessageKey> {
  code: K;
  params?: MessageParams;
}

/**
 * The arguments of a message ready for formatting: a `field` argument that names a field label (`field.subject`) is
 * replaced by that label in the same language, so "{field} is required" reads "Subject is required" in English and
 * the field's own name in every other language.
 */
export function wordedParams(
  params: MessageParams | undefined,
  translate: (key: MessageKey) => string,
): MessageParams | undefined {
  const field = params?.field;
  if (typeof field !== 'string' || !field.startsWith('field.')) return params;
  return { ...params, field: translate(field as MessageKey) };
}

/** A message with its key checked against the catalog. */
export const message = <K extends MessageKey>(code: K, params?: MessageParams): Message<K> =>
  params ? { code, params } : { code };

/*
 * zod keeps only a string per issue. The schemas in shared/schemas/ put a message there as its code, with its
 * arguments as JSON when it has any (`validation.subject.tooLong{"max":200}`); the server turns that into the English
 * text and the code (functions/lib/errors.ts), the SPA's forms into the reader's language (web/src/i18n/).
 */

const ISSUE_TEXT = /^((?:error|validation|form)\.[A-Za-z0-9.]+)(\{.*\})?$/s;

/** A message as one string: its code, with its arguments as JSON when it has any (what zod keeps per issue). */
export type CodedText<C extends ApiCode | FormCode = ApiCode | FormCode> = C | `${C}{${string}}`;

/** The zod message of an issue that `code` (with `params`) explains. */
export function issueText<C extends ApiCode | FormCode>(code: C, params?: MessageParams): CodedText<C> {
  return params ? (`${code}${JSON.stringify(params)}` as `${C}{${string}}`) : code;
}

/** The message a zod issue's text names, or null for a text that is no message (zod's own defaults). */
export function messageOfIssueText(text: string): Message<ApiCode | FormCode> | null {
  const match = ISSUE_TEXT.exec(text);
  if (!match) return null;
  let params: MessageParams | undefined;
  if (match[2]) {
    try {
      params = JSON.parse(match[2]) as MessageParams;
    } catch {
      return null;
    }
  }
  return message(match[1] as ApiCode | FormCode, params);
}
