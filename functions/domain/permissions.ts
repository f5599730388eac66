/**
 * The docs/product.md §6 matrix for tickets, the dashboard and analytics. Route-level role lists feed `defineRoute`;
 * rules that depend on the ticket itself are functions here.
 */
import { ROLES, type Role } from '#shared/constants.ts';
import { MESSAGES } from '#shared/messages.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import type { User } from '#shared/schemas/user.ts';

const MANAGERS: readonly Role[] = ['admin', 'manager'];

/**
 * Which staff roles may use each route. API keys are governed by the scopes in functions/routes.ts: a key reaches
 * only routes that name its scope (read and create tickets), never edit, assign or comment.
 */
export const TICKET_ROLES = {
  read: ROLES,
  create: ROLES,
  /** Further narrowed per ticket by canEditTicket. */
  edit: ROLES,
  assign: MANAGERS,
  comment: ROLES,
  dashboard: ROLES,
  analytics: MANAGERS,
} as const satisfies Record<string, readonly Role[]>;

/** Admins and managers edit any ticket; an agent only the tickets assigned to them (docs/product.md §6). */
export function canEditTicket(user: Pick<User, 'id' | 'role'>, ticket: Pick<Ticket, 'assignedToId'>): boolean {
  if (MANAGERS.includes(user.role)) return true;
  return user.role === 'agent' && ticket.assignedToId === user.id;
}

export const PERMISSION_MESSAGES = {
  editNotAllowed: MESSAGES.editNotAllowed,
} as const;

/** Anyone on the staff can be given a ticket; round robin alone picks only agents. */
export function canBeAssigned(user: Pick<User, 'role' | 'isActive'> | undefined): boolean {
  return !!user && user.isActive && ROLES.includes(user.role);
}

/** What a signed-in caller outside a route's roles is told (403), by capability. */
export const DENIED = {
  staffList: 'Only administrators and managers can see the staff list',
  staffManage: 'Only administrators can manage staff accounts',
  categoriesManage: 'Only administrators can manage categories',
  analytics: 'Only administrators and managers can see analytics',
  apiKeys: 'Only administrators can manage API keys',
} as const;
