import { ROLES, type Role } from '#shared/constants.ts';
import type { MessageKey } from '#shared/i18n/messages.ts';

/** The signed-in pages; each lives under the role's base path (docs/product.md §2). */
export type Section =
  | 'dashboard'
  | 'tickets'
  | 'direct-tickets'
  | 'macros'
  | 'agents'
  | 'categories'
  | 'analytics'
  | 'integrations'
  | 'audit'
  | 'mail'
  | 'desk-settings'
  | 'settings'
  | 'approvals'
  | 'held-replies';

/** Page headings, which are also the sidebar labels. */
export const SECTION_TITLES: Record<Section, MessageKey> = {
  dashboard: 'nav.dashboard',
  tickets: 'nav.tickets',
  'direct-tickets': 'nav.directTickets',
  macros: 'nav.macros',
  agents: 'nav.agents',
  categories: 'nav.categories',
  analytics: 'nav.analytics',
  integrations: 'nav.integrations',
  audit: 'nav.audit',
  mail: 'nav.mail',
  'desk-settings': 'nav.deskSettings',
  settings: 'nav.settings',
  approvals: 'nav.approvals',
  'held-replies': 'nav.heldReplies',
};

/** Dashboard figures a sidebar item shows as a badge. */
export type NavBadge = 'totalTickets' | 'openTickets' | 'pendingApprovals';

export interface NavItem {
  section: Section;
  label: MessageKey;
  to: '/$role' | `/$role/${Exclude<Section, 'dashboard'>}`;
  roles: readonly Role[];
  badge?: NavBadge;
  /** Only for staff with the compliance permission, whatever their role (docs/decisions/099-reply-guard.md). */
  compliance?: true;
}

/** The sidebar, in order, with who may see each item (docs/product.md §2 Sidebar table). */
export const NAV_ITEMS: readonly NavItem[] = [
  { section: 'dashboard', label: SECTION_TITLES.dashboard, to: '/$role', roles: ROLES },
  { section: 'tickets', label: SECTION_TITLES.tickets, to: '/$role/tickets', roles: ROLES, badge: 'totalTickets' },
  {
    section: 'direct-tickets',
    label: SECTION_TITLES['direct-tickets'],
    to: '/$role/direct-tickets',
    roles: ['agent', 'admin', 'manager'],
    badge: 'openTickets',
  },
  // Replies written once, in six languages, for everyone who answers customers.
  { section: 'macros', label: SECTION_TITLES.macros, to: '/$role/macros', roles: ROLES },
  { section: 'agents', label: SECTION_TITLES.agents, to: '/$role/agents', roles: ['admin', 'manager'] },
  { section: 'categories', label: SECTION_TITLES.categories, to: '/$role/categories', roles: ['admin'] },
  { section: 'analytics', label: SECTION_TITLES.analytics, to: '/$role/analytics', roles: ['admin', 'manager'] },
  // API keys and webhooks: how upstream systems reach the help desk and hear from it.
  { section: 'integrations', label: SECTION_TITLES.integrations, to: '/$role/integrations', roles: ['admin'] },
  { section: 'audit', label: SECTION_TITLES.audit, to: '/$role/audit', roles: ['admin'] },
  { section: 'mail', label: SECTION_TITLES.mail, to: '/$role/mail', roles: ['admin'] },
  {
    section: 'desk-settings',
    label: SECTION_TITLES['desk-settings'],
    to: '/$role/desk-settings',
    roles: ['admin'],
  },
  { section: 'settings', label: SECTION_TITLES.settings, to: '/$role/settings', roles: ROLES },
  // Four-eyes approval (docs/decisions/095-four-eyes-approval.md): what waits for a second admin.
  {
    section: 'approvals',
    label: SECTION_TITLES.approvals,
    to: '/$role/approvals',
    roles: ['admin'],
    badge: 'pendingApprovals',
  },
  // The replies the reply guard held, and its terms: compliance users of any role.
  {
    section: 'held-replies',
    label: SECTION_TITLES['held-replies'],
    to: '/$role/held-replies',
    roles: ROLES,
    compliance: true,
  },
];

/** The sidebar items a role sees; the compliance-only ones only with the compliance permission. */
export function navItemsFor(role: Role, compliance = false): NavItem[] {
  return NAV_ITEMS.filter((item) => item.roles.includes(role) && (!item.compliance || compliance));
}

/** Whether a role has the page at all; a page it lacks is a 404 under its base. */
export function canOpen(role: Role, section: Section): boolean {
  return NAV_ITEMS.some((item) => item.section === section && item.roles.includes(role));
}
