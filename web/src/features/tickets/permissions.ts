/**
 * What the tickets screens offer to whom (docs/product.md §6). The server enforces every one of these;
 * the screens only avoid offering what it would refuse.
 */
import type { Role } from '#shared/constants.ts';

/** Admins and managers edit any ticket; an agent only the tickets assigned to them (the server's own rule). */
export { canEditTicket } from '#shared/permissions.ts';

const MANAGING_ROLES: readonly Role[] = ['admin', 'manager'];

/**
 * Admins and managers assign tickets (docs/product.md §6). The first version showed the row action to admins only
 * (docs/product.md §11); a screen should not hide what its user may do.
 */
export function canAssignTickets(role: Role): boolean {
  return MANAGING_ROLES.includes(role);
}

/** Listing staff (`GET /api/agents`) is for admins and managers; agents pick between round robin and themselves. */
export function canListStaff(role: Role): boolean {
  return MANAGING_ROLES.includes(role);
}

/** Agents, managers and admins record phone calls as direct tickets (docs/product.md §2 Direct Tickets). */
export function canCreateDirectTickets(role: string): boolean {
  return role === 'agent' || MANAGING_ROLES.includes(role as Role);
}

/** Only admins remove a file from a ticket (docs/decisions/094-attachments.md "Removal"). */
export function canRemoveAttachments(role: Role): boolean {
  return role === 'admin';
}
