/**
 * The compiled catalogs web/i18n-catalogs-plugin.ts serves, two modules per language: `virtual:i18n-catalog/<language>`
 * (what the sign-in pages show) and `virtual:i18n-catalog/<language>-rest`.
 */
declare module 'virtual:i18n-catalog/*' {
  import type { Messages } from '@lingui/core';

  export const messages: Messages;
}
