/**
 * The tickets feature's form and detail dialogs as the screens offer them: each one's code is fetched when it first
 * opens, or when the pointer or the focus reaches a button that opens it (components/lazy-dialog.tsx).
 */
import { lazyDialog } from '../../components/lazy-dialog.tsx';

export const CreateTicketDialog = lazyDialog(
  () => import('./CreateTicketDialog.tsx').then((module) => module.CreateTicketDialog),
  (props) => props.open,
);

export const AssignTicketDialog = lazyDialog(
  () => import('./AssignTicketDialog.tsx').then((module) => module.AssignTicketDialog),
  (props) => props.open,
);

export const EditTicketDialog = lazyDialog(
  () => import('./EditTicketDialog.tsx').then((module) => module.EditTicketDialog),
  (props) => props.ticketId !== null,
);

export const TicketDetailDialog = lazyDialog(
  () => import('./TicketDetailDialog.tsx').then((module) => module.TicketDetailDialog),
  (props) => props.ticket !== null,
);
