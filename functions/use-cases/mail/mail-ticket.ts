/**
 * The ticket an e-mail opens (docs/decisions/080-mail.md): for a message received (receive-mail.ts) and for a held one an
 * admin releases (manage-mail.ts). Apart from the receiving, so the mail routes' function carries no mail parser.
 */
import type { Language } from '#shared/constants.ts';
import { listCategories } from '../../data/categories.ts';
import type { GuardedItem } from '../../data/transactions.ts';
import { type Caller, customerActor } from '../../domain/caller.ts';
import type { TicketRecord } from '../../domain/tickets.ts';
import { type CreateOptions, createTicket, type NewTicketRequest } from '../tickets/create-ticket.ts';

/** Categories an e-mail ticket is filed under, the first active one of these; else the first active category. */
const INBOUND_CATEGORIES = ['general_enquiry', 'others'];

/** The category an e-mail ticket goes under: the preferred ones first, else the first active one by name. */
export async function inboundCategory(): Promise<string | undefined> {
  const active = (await listCategories()).filter((category) => category.isActive);
  for (const name of INBOUND_CATEGORIES) if (active.some((category) => category.name === name)) return name;
  return active[0]?.name;
}

/** What opens an e-mail ticket: the message's fields, already fit to the ticket rules, and its identity. */
export interface MailTicketFields {
  from: string;
  subject: string;
  description: string;
  customerLanguage: Language;
  messageId: string | null;
  /** The message's identity (messageKey): the idempotency key of its ticket. */
  key: string;
}

/** The create request of an e-mail ticket: the same for a message received and for one an admin releases. */
export const mailTicketRequest = (mail: MailTicketFields, category: string): NewTicketRequest => ({
  customerEmail: mail.from,
  subject: mail.subject,
  description: mail.description,
  category,
  priority: 'medium',
  type: 'email',
  customerLanguage: mail.customerLanguage,
});

/** Trusted code, acting for the customer who wrote: the history names them. */
export const mailCaller = (from: string): Extract<Caller, { kind: 'system' }> => ({
  kind: 'system',
  actor: customerActor(from),
});

/**
 * openMailTicket: the ticket a message to the support address opens, once per message (its identity is the
 * idempotency key), with `alongWith`'s writes in the same transaction.
 */
export function openMailTicket(
  mail: MailTicketFields,
  category: string,
  now: Date,
  alongWith?: (ticketId: number) => GuardedItem[],
  files?: CreateOptions['files'],
): Promise<{ ticket: TicketRecord; replayed: boolean }> {
  return createTicket(mailCaller(mail.from), mailTicketRequest(mail, category), {
    idempotencyKey: mail.key,
    fromMail: { messageId: mail.messageId },
    alongWith,
    ...(files ? { files } : {}),
    now,
  });
}
