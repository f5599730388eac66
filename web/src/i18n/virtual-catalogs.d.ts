/** The compiled catalogs web/i18n-catalogs-plugin.ts serves, one module per language. */
declare module 'virtual:i18n-catalog/*' {
  import type { Messages } from '@lingui/core';

  export const messages: Messages;
}
