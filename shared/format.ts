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

/**
 * A ticket code as people type it or a link carries it (`TKT-000042`, `tkt-42`): its ticket number, or undefined.
 */
export function ticketNumberOfCode(text: string): number | undefined {
  const match = /^tkt-?0*(\d{1,10})$/i.exec(text.trim());
  const id = match ? Number(match[1]) : 0;
  return id > 0 ? id : undefined;
}
