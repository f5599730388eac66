import type { Translate } from '../i18n/react.tsx';
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
export function displayNameOf({ firstName, lastName, email }: PersonName, t: Translate): string {
  const fullName = [firstName, lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return fullName || email?.trim() || t('role.unknown');
}

/** Administrator, Manager, Agent, or 'User' for anything else. */
export function roleLabelOf(role: unknown, t: Translate): string {
  return isRole(role) ? t(`role.${role}`) : t('role.unknown');
}
