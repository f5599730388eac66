/** The product's name, used wherever the app names itself (sidebar, sign-in screens, document title). */
export { PRODUCT_NAME } from '#shared/constants.ts';
export const PRODUCT_SUBTITLE = 'Ticket Management';
