import type { Role } from '#shared/constants.ts';
import type { MessageKey } from '#shared/i18n/messages.ts';
import { colorPaletteFor } from '../../lib/roles.ts';

/** Which login screen is showing: one per role route, and the neutral staff one (docs/product.md §2). */
export type LoginVariant = Role | 'staff';

export interface LoginVariantLook {
  title: MessageKey;
  description: MessageKey;
  emailPlaceholder: MessageKey;
  colorPalette: string;
}

/** Title, colour and placeholder of each login screen. */
export const LOGIN_VARIANTS: Record<LoginVariant, LoginVariantLook> = {
  admin: {
    title: 'signIn.admin.title',
    description: 'signIn.admin.description',
    emailPlaceholder: 'signIn.admin.emailPlaceholder',
    colorPalette: colorPaletteFor('admin'),
  },
  manager: {
    title: 'signIn.manager.title',
    description: 'signIn.manager.description',
    emailPlaceholder: 'signIn.manager.emailPlaceholder',
    colorPalette: colorPaletteFor('manager'),
  },
  agent: {
    title: 'signIn.agent.title',
    description: 'signIn.agent.description',
    emailPlaceholder: 'signIn.agent.emailPlaceholder',
    colorPalette: colorPaletteFor('agent'),
  },
  staff: {
    title: 'signIn.staff.title',
    description: 'signIn.staff.description',
    emailPlaceholder: 'signIn.staff.emailPlaceholder',
    colorPalette: colorPaletteFor(null),
  },
};
