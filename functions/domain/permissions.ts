/**
 * The docs/product.md §6 matrix: who may use each capability. Each entry is an `Access`: the staff roles admitted, the
 * API-key scope that admits a key (none: keys are refused), and what a caller outside it is told (403). Routes pass
 * the same entry to `defineRoute` (the HTTP gate, before validation), so this is the one declaration of a route's
 * API-key scope (the HTTP handler and the OpenAPI document read it from there); every use case checks it again with
 * `assertAccess`, so it is safe whatever calls it. Rules that depend on the ticket itself are functions here and in
 * shared/permissions.ts.
 */
import { type ApiKeyScope, ROLES, type Role } from '#shared/constants.ts';
import type { ApiCode } from '#shared/i18n/messages.ts';
import type { User } from '#shared/schemas/user.ts';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.ts';
import type { Caller } from './caller.ts';

export { canEditTicket } from '#shared/permissions.ts';

const MANAGERS: readonly Role[] = ['admin', 'manager'];
const ADMINS: readonly Role[] = ['admin'];

export interface Access {
  roles: readonly Role[];
  /** The scope that lets an API key in; absent: keys are refused. */
  apiKeyScope?: ApiKeyScope;
  /** What a signed-in caller outside `roles` is told (403); without it, 'error.forbidden'. */
  deniedMessage?: ApiCode;
}

/** Tickets, the dashboard and analytics. Editing is further narrowed per ticket by canEditTicket. */
export const TICKET_ACCESS = {
  read: { roles: ROLES, apiKeyScope: 'tickets:read' },
  create: { roles: ROLES, apiKeyScope: 'tickets:create' },
  edit: { roles: ROLES },
  assign: { roles: MANAGERS, deniedMessage: 'error.ticket.assignDenied' },
  comment: { roles: ROLES },
  /** Narrowed per ticket by assertMergeable (functions/domain/merge.ts): agents merge only their own tickets. */
  merge: { roles: ROLES },
  /** The customer's rating arrives from the upstream system that talks to the customer: keys only. */
  rate: { roles: [], apiKeyScope: 'tickets:rate', deniedMessage: 'error.ticket.ratingByKeysOnly' },
  /** The customer's own messages, relayed by an upstream system: keys only (staff reply with a comment). */
  reply: { roles: [], apiKeyScope: 'tickets:reply', deniedMessage: 'error.ticket.messagesByKeysOnly' },
  dashboard: { roles: ROLES, apiKeyScope: 'tickets:read' },
  /** SLA attainment is the staff's own figure (per agent): no key reads it. */
  slaAttainment: { roles: ROLES },
  analytics: { roles: MANAGERS, deniedMessage: 'error.analytics.denied' },
} as const satisfies Record<string, Access>;

/**
 * Attachments: whoever may write a message uploads for it (staff, and keys with `tickets:reply`); only admins remove a
 * file (docs/decisions/094-attachments.md). Downloads follow TICKET_ACCESS.read.
 */
export const ATTACHMENT_ACCESS = {
  upload: { roles: ROLES, apiKeyScope: 'tickets:reply' },
  remove: { roles: ADMINS, deniedMessage: 'error.attachment.removeDenied' },
} as const satisfies Record<string, Access>;

/**
 * A customer's anti-phishing code (docs/decisions/096-anti-phishing-code.md): set by the upstream system that talks to
 * the customer, with an API key that has `customers:write`; no staff role, admins included, may set or see it.
 */
export const CUSTOMER_ACCESS = {
  write: { roles: [], apiKeyScope: 'customers:write', deniedMessage: 'error.customer.antiPhishingByKeysOnly' },
} as const satisfies Record<string, Access>;

/** Staff management: admins and managers see the staff; only admins create, change roles and passwords, deactivate. */
export const STAFF_ACCESS = {
  list: { roles: MANAGERS, deniedMessage: 'error.staff.listDenied' },
  manage: { roles: ADMINS, deniedMessage: 'error.staff.manageDenied' },
} as const satisfies Record<string, Access>;

/** Routing (docs/decisions/006): admins and managers set agents' capacity and skills and watch the queue. */
export const ROUTING_ACCESS = {
  manage: { roles: MANAGERS, deniedMessage: 'error.routing.denied' },
} as const satisfies Record<string, Access>;

/** All staff read categories (and keys with `tickets:read`); admins manage them. */
export const CATEGORY_ACCESS = {
  read: { roles: ROLES, apiKeyScope: 'tickets:read' },
  manage: { roles: ADMINS, deniedMessage: 'error.category.manageDenied' },
} as const satisfies Record<string, Access>;

/**
 * Macros (docs/product.md, "Macros"): every staff member uses the shared ones and writes their own; admins and managers
 * alone write, change and delete shared ones (canManageMacro narrows each macro). Keys never may: a macro is a reply
 * written by a person.
 */
export const MACRO_ACCESS = {
  use: { roles: ROLES },
  share: { roles: MANAGERS, deniedMessage: 'error.macro.shareDenied' },
} as const satisfies Record<string, Access>;

/** A staff member sees and uses the shared macros and their own. */
export const canUseMacro = (user: Pick<User, 'id'>, macro: { shared: boolean; ownerId: string }): boolean =>
  macro.shared || macro.ownerId === user.id;

/** Admins and managers manage the shared macros; everyone manages their own unshared ones. */
export const canManageMacro = (
  user: Pick<User, 'id' | 'role'>,
  macro: { shared: boolean; ownerId: string },
): boolean => (macro.shared ? MANAGERS.includes(user.role) : macro.ownerId === user.id);

/**
 * The compliance permission (docs/product.md §6 "Compliance"): granted by an admin on top of any role, read from the
 * directory on every request. Only a staff member holds it; API keys and trusted code never do.
 */
export const isCompliance = (caller: Caller): boolean => caller.kind === 'staff' && caller.user.compliance === true;

/**
 * The reply guard's review and terms (docs/decisions/099-reply-guard.md): any staff role may hold the compliance
 * permission, so the roles admit all and `assertCompliance` narrows to its holders; keys never may.
 */
export const COMPLIANCE_ACCESS = {
  review: { roles: ROLES, deniedMessage: 'error.compliance.denied' },
} as const satisfies Record<string, Access>;

/** The staff member behind a caller holding the compliance permission (403 `error.compliance.denied` otherwise). */
export function assertCompliance(caller: Caller): User {
  const user = staffMember(caller, COMPLIANCE_ACCESS.review);
  if (user.compliance !== true) throw new ForbiddenError('error.compliance.denied');
  return user;
}

/**
 * Whether a ticket exists for this caller (docs/product.md §6 "Compliance"): a restricted case only for compliance
 * staff and for trusted code inside the help desk (inbound mail, jobs); to everyone else it is a 404 and absent.
 */
export const canSeeTicket = (caller: Caller, ticket: { restricted: boolean }): boolean =>
  !ticket.restricted || caller.kind === 'system' || isCompliance(caller);

/** Whether a staff member may hold a restricted case (assignee, alarm and e-mail audience): compliance staff only. */
export const mayHoldRestricted = (user: Pick<User, 'compliance'>): boolean => user.compliance === true;

/** Admins alone manage API keys; keys themselves never may. */
export const API_KEY_ACCESS = {
  manage: { roles: ADMINS, deniedMessage: 'error.apiKey.manageDenied' },
} as const satisfies Record<string, Access>;

/** The mail channel's failures (parked e-mails, refused and held inbound mail): admins alone. */
export const MAIL_ACCESS = {
  admin: { roles: ADMINS, deniedMessage: 'error.mail.denied' },
  /** Whether a ticket's customer address works: every staff role, no key. */
  status: { roles: ROLES },
} as const satisfies Record<string, Access>;

/** Admins alone manage webhooks (docs/decisions/052); keys never may. */
export const WEBHOOK_ACCESS = {
  manage: { roles: ADMINS, deniedMessage: 'error.webhook.manageDenied' },
} as const satisfies Record<string, Access>;

/** The audit log: admins alone read it; nobody writes it but the actions it records. */
export const AUDIT_ACCESS = {
  read: { roles: ADMINS, deniedMessage: 'error.audit.denied' },
} as const satisfies Record<string, Access>;

/**
 * Four-eyes requests (docs/decisions/095-four-eyes-approval.md): admins list, approve and reject them; a requester never
 * approves their own (functions/domain/approvals.ts).
 */
export const APPROVAL_ACCESS = {
  decide: { roles: ADMINS, deniedMessage: 'error.approval.denied' },
} as const satisfies Record<string, Access>;

/** A staff member's own settings and password: any signed-in staff member; the desk's settings: admins alone. */
export const SETTINGS_ACCESS = {
  own: { roles: ROLES },
  desk: { roles: ADMINS, deniedMessage: 'error.deskSettings.denied' },
  slaPolicy: { roles: ADMINS, deniedMessage: 'error.slaPolicy.denied' },
} as const satisfies Record<string, Access>;

/**
 * Refuses a caller outside `access`: 401 for nobody, 403 for a role or key it does not admit. System callers are
 * trusted code and pass.
 */
export function assertAccess(caller: Caller, access: Access): asserts caller is Exclude<Caller, { kind: 'anonymous' }> {
  switch (caller.kind) {
    case 'anonymous':
      throw new UnauthorizedError();
    case 'system':
      return;
    case 'apiKey':
      if (!access.apiKeyScope) throw new ForbiddenError('error.apiKey.routeRefused');
      if (!caller.apiKey.scopes.includes(access.apiKeyScope)) {
        throw new ForbiddenError({ code: 'error.apiKey.missingScope', params: { scope: access.apiKeyScope } });
      }
      return;
    case 'staff':
      if (!access.roles.includes(caller.user.role)) {
        throw new ForbiddenError(access.deniedMessage ?? 'error.forbidden');
      }
  }
}

/** The staff member behind a caller `access` admits, for capabilities that act as a person (refuses anyone else). */
export function staffMember(caller: Caller, access: Access): User {
  assertAccess(caller, access);
  if (caller.kind !== 'staff') throw new ForbiddenError(access.deniedMessage ?? 'error.forbidden');
  return caller.user;
}

/** Anyone on the staff can be given a ticket; round robin alone picks only agents. */
export function canBeAssigned(user: Pick<User, 'role' | 'isActive'> | undefined): boolean {
  return !!user && user.isActive && ROLES.includes(user.role);
}
