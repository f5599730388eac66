import { ROLE_LABELS } from '#shared/constants.ts';
import { MESSAGES } from '#shared/messages.ts';
import { isRole } from './roles.ts';

/** The name parts of a user that the display helpers need. */
export interface PersonName {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

/** Up to two capital letters: first and last name initials, else the e-mail's first letter, else 'U'. */
export function initialsOf({ firstName, lastName, email }: PersonName): string {
  const fromName = [firstName, lastName]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
  if (fromName) return fromName;
  return (email?.trim().charAt(0) || 'U').toUpperCase();
}

/** Full name, or e-mail, or 'User' (docs/product.md §2 user card). */
export function displayNameOf({ firstName, lastName, email }: PersonName): string {
  const fullName = [firstName, lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return fullName || email?.trim() || 'User';
}

/** Administrator, Manager, Agent, or 'User' for anything else. */
export function roleLabelOf(role: unknown): string {
  return isRole(role) ? ROLE_LABELS[role] : 'User';
}

const MINUTES_PER_HOUR = 60;

/**
 * Average response time (docs/product.md §2): whole minutes under an hour ('59m'), else hours with one decimal ('1.0h',
 * '2.4h'); 'N/A' before anything was measured. The minutes are rounded first, so 59.6 minutes reads '1.0h', never
 * '60m'.
 */
export function formatResponseTime(minutes: number | null | undefined): string {
  if (minutes == null || !Number.isFinite(minutes)) return MESSAGES.notAvailable;
  const wholeMinutes = Math.round(minutes);
  if (wholeMinutes < MINUTES_PER_HOUR) return `${wholeMinutes}m`;
  return `${(wholeMinutes / MINUTES_PER_HOUR).toFixed(1)}h`;
}

/** A percentage with one decimal and a percent sign: 87.5 → '87.5%', 100 → '100.0%' (resolution rate, scores). */
export function formatPercent(value: number): string {
  return `${value.toFixed(1)}%`;
}

/** A period-over-period change with its sign: 12.5 → '+12.5%', -3 → '-3.0%', 0 → '0.0%'. */
export function formatChange(value: number): string {
  const text = formatPercent(Math.abs(value));
  // toFixed rounds -0.04 to '0.0': a change that rounds to nothing gets no sign.
  if (text === formatPercent(0)) return text;
  return value > 0 ? `+${text}` : `-${text}`;
}
