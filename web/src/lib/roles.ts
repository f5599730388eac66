import { ROLES, type Role } from '#shared/constants.ts';

/** True when the value is one of the three staff roles. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export const ROLE_PALETTES: Record<Role, string> = { admin: 'red', manager: 'purple', agent: 'blue' };

/** The Chakra colour palette that themes a role's screens: admin red, manager purple, agent blue, others gray. */
export function colorPaletteFor(role: unknown): string {
  return isRole(role) ? ROLE_PALETTES[role] : 'gray';
}
