/**
 * Dates, numbers, percentages and durations in the reader's language (Intl, with the locale of ./languages.ts) and,
 * for dates, the time zone of their Settings (docs/product.md §3 `timezone`, default UTC; never the browser's, so two
 * people looking at one ticket see the same times). English keeps the product's formats exactly: 'Jan 6, 2025,
 * 9:05 AM', '87.5%', '+12.5%', '59m', '2.4h', '2h 30m'.
 */
import { INTL_LOCALES, type Language } from './languages.ts';

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat>(key: string, make: () => T): T {
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

const dateFormat = (language: Language, timeZone: string, options: Intl.DateTimeFormatOptions) =>
  cached(
    `date|${language}|${timeZone}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(INTL_LOCALES[language], { ...options, timeZone }),
  );

const numberFormat = (language: Language, options: Intl.NumberFormatOptions = {}) =>
  cached(`number|${language}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(INTL_LOCALES[language], options));

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `Jan 6, 2025, 9:05 AM` (English) in the given zone; an unreadable value gives an empty string. */
export function formatDateTime(value: string | Date, language: Language, timeZone: string): string {
  const date = toDate(value);
  return date ? dateFormat(language, timeZone, { dateStyle: 'medium', timeStyle: 'short' }).format(date) : '';
}

/** `Jan 6, 2025` (English) in the given zone; an unreadable value gives an empty string. */
export function formatDate(value: string | Date, language: Language, timeZone: string): string {
  const date = toDate(value);
  return date ? dateFormat(language, timeZone, { dateStyle: 'medium' }).format(date) : '';
}

/**
 * A calendar day of the volume series ('2025-03-07', a UTC day) as 'Mar 7' (English); never shifted by the reader's
 * zone. Anything else is shown as given: chart libraries call formatters with values of their own, and a label must
 * never throw.
 */
export function formatDay(day: string, language: Language): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime())
    ? day
    : dateFormat(language, 'UTC', { month: 'short', day: 'numeric' }).format(date);
}

/** A count: 1234 → '1,234' (English), '1.234' (German); `options` for fixed decimals. */
export const formatNumber = (value: number, language: Language, options?: Intl.NumberFormatOptions): string =>
  numberFormat(language, options).format(value);

const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const;

/** A percentage (0–100) with one decimal: 87.5 → '87.5%' (English), '87,5 %' (French). */
export const formatPercent = (value: number, language: Language): string =>
  numberFormat(language, { style: 'percent', ...ONE_DECIMAL }).format(value / 100);

/** A whole percentage (0–100): 87 → '87%' (English), '87 %' (French). */
export const formatWholePercent = (value: number, language: Language): string =>
  numberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);

/** A period-over-period change with its sign: 12.5 → '+12.5%', -3 → '-3.0%'; one that rounds to nothing: '0.0%'. */
export const formatChange = (value: number, language: Language): string =>
  numberFormat(language, { style: 'percent', signDisplay: 'exceptZero', ...ONE_DECIMAL }).format(value / 100);

type DurationUnit = 'day' | 'hour' | 'minute';

const unitFormat = (language: Language, unit: DurationUnit, options: Intl.NumberFormatOptions = {}) =>
  numberFormat(language, { style: 'unit', unit, unitDisplay: 'narrow', ...options });

/** Chinese and Japanese write a duration's units one after the other; the other languages put a space between. */
const UNIT_JOINER: Partial<Record<Language, string>> = { zh: '', ja: '' };

/**
 * A duration in the short units a badge has room for: `{hours: 2, minutes: 30}` → '2h 30m' (English), '2小时30分钟'.
 * The units are joined with a space, not Intl's list format, whose 'und' and commas make the German badge twice as
 * long ('1 T 2h 30 Min.', not '1 T, 2h und 30 Min.').
 */
export function formatDuration(parts: Partial<Record<DurationUnit, number>>, language: Language): string {
  const units: DurationUnit[] = ['day', 'hour', 'minute'];
  const shown = units.filter((unit) => parts[unit] !== undefined);
  return shown.map((unit) => unitFormat(language, unit).format(parts[unit] ?? 0)).join(UNIT_JOINER[language] ?? ' ');
}

/** Words joined as a sentence lists them: 'card number and seed phrase' (English), '卡号和助记词'. */
export const formatList = (items: readonly string[], language: Language): string =>
  cached(`list|${language}`, () => new Intl.ListFormat(INTL_LOCALES[language], { type: 'conjunction' })).format(items);

const MINUTES_PER_HOUR = 60;

/**
 * Average response time (docs/product.md §2): whole minutes under an hour ('59m'), else hours with one decimal ('1.0h',
 * '2.4h'); null before anything was measured. The minutes are rounded first, so 59.6 minutes reads '1.0h', never '60m'.
 */
export function formatResponseTime(minutes: number | null | undefined, language: Language): string | null {
  if (minutes == null || !Number.isFinite(minutes)) return null;
  const wholeMinutes = Math.round(minutes);
  if (wholeMinutes < MINUTES_PER_HOUR) return unitFormat(language, 'minute').format(wholeMinutes);
  return unitFormat(language, 'hour', ONE_DECIMAL).format(wholeMinutes / MINUTES_PER_HOUR);
}

/** A number of minutes in words of the language's short units: 42 → '42 min' (English). */
export const formatMinutes = (minutes: number, language: Language): string =>
  numberFormat(language, { style: 'unit', unit: 'minute', unitDisplay: 'short' }).format(minutes);
