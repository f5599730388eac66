/** The product's name, used wherever the app names itself (sidebar, sign-in screens, document title). */
export const PRODUCT_NAME = 'CryptoDesk Support';
export const PRODUCT_SUBTITLE = 'Ticket Management';
