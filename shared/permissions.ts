/**
 * Permission rules that depend on the ticket itself, shared by the server (which enforces them) and the web app
 * (which only avoids offering what the server would refuse). Pure: no imports from functions/ or web/.
 */
import type { Role } from './constants.ts';

const MANAGING_ROLES: readonly Role[] = ['admin', 'manager'];

/** Admins and managers edit any ticket; an agent only the tickets assigned to them (docs/product.md §6). */
export function canEditTicket(user: { id: string; role: Role }, ticket: { assignedToId: string | null }): boolean {
  if (MANAGING_ROLES.includes(user.role)) return true;
  return user.role === 'agent' && ticket.assignedToId === user.id;
}
