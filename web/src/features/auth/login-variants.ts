import type { Role } from '#shared/constants.ts';
import { colorPaletteFor } from '../../lib/roles.ts';

/** Which login screen is showing: one per role route, and the neutral staff one (docs/product.md §2). */
export type LoginVariant = Role | 'staff';

export interface LoginVariantLook {
  title: string;
  description: string;
  emailPlaceholder: string;
  colorPalette: string;
}

/** Title, colour and placeholder of each login screen. */
export const LOGIN_VARIANTS: Record<LoginVariant, LoginVariantLook> = {
  admin: {
    title: 'Administrator Login',
    description: 'Manage staff, categories and the whole help desk.',
    emailPlaceholder: 'admin@company.com',
    colorPalette: colorPaletteFor('admin'),
  },
  manager: {
    title: 'Manager Login',
    description: 'Oversee tickets, agents and team performance.',
    emailPlaceholder: 'manager@company.com',
    colorPalette: colorPaletteFor('manager'),
  },
  agent: {
    title: 'Agent Login',
    description: 'Work your assigned tickets and create direct tickets.',
    emailPlaceholder: 'agent@company.com',
    colorPalette: colorPaletteFor('agent'),
  },
  staff: {
    title: 'Staff Login',
    description: 'Sign in with your staff account.',
    emailPlaceholder: 'you@company.com',
    colorPalette: colorPaletteFor(null),
  },
};
