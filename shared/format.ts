/** Text rules shared by the web app and the server. */

/** `fiat_deposit` → `Fiat Deposit`: underscores become spaces and each word is capitalised (docs/product.md §2). */
export function displayNameFromName(name: string): string {
  return name
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The display code of ticket number `id`: `TKT-` and at least six digits. */
export const ticketCode = (id: number): string => `TKT-${String(id).padStart(6, '0')}`;
