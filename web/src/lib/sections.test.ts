import { describe, expect, it } from 'vitest';
import { t } from '../i18n/i18n.ts';
import { canOpen, navItemsFor } from './sections.ts';

describe('navItemsFor', () => {
  it.each([
    [
      'admin',
      [
        'Dashboard',
        'All Tickets',
        'Direct Tickets',
        'Macros',
        'Agent Management',
        'Category Management',
        'AI Analytics',
        'Integrations',
        'Audit Log',
        'Email Delivery',
        'Desk Settings',
        'Settings',
        'Pending Approvals',
      ],
    ],
    [
      'manager',
      ['Dashboard', 'All Tickets', 'Direct Tickets', 'Macros', 'Agent Management', 'AI Analytics', 'Settings'],
    ],
    ['agent', ['Dashboard', 'All Tickets', 'Direct Tickets', 'Macros', 'Settings']],
  ] as const)('lists exactly the product sidebar items for %s', (role, labels) => {
    expect(navItemsFor(role).map((item) => t(item.label))).toEqual(labels);
  });
});

describe('canOpen', () => {
  it('keeps category management to admins', () => {
    expect([canOpen('admin', 'categories'), canOpen('manager', 'categories'), canOpen('agent', 'categories')]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('keeps the audit log to admins', () => {
    expect([canOpen('admin', 'audit'), canOpen('manager', 'audit'), canOpen('agent', 'audit')]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('keeps agent management and analytics away from agents', () => {
    expect(canOpen('agent', 'agents')).toBe(false);
    expect(canOpen('agent', 'analytics')).toBe(false);
    expect(canOpen('manager', 'agents')).toBe(true);
  });
});
