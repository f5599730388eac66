/**
 * The customer's anti-phishing code (docs/decisions/096-anti-phishing-code.md): the upstream system that talks to the
 * customer sets or clears it with an API key that has `customers:write`; every e-mail to the customer then starts with
 * it (functions/use-cases/mail/deliver-mail.ts). Nobody reads it back, and the audit entry names the customer only.
 */
import type { SetAntiPhishingCodeInput } from '#shared/schemas/customer.ts';
import { auditEntryItem, type NewAuditEntry, recordAudit } from '../../data/audit.ts';
import { antiPhishingCodeDelete, antiPhishingCodePut } from '../../data/customers.ts';
import type { GuardedItem } from '../../data/transactions.ts';
import { auditActorOf, clientAddressOf } from '../../domain/audit.ts';
import type { Caller } from '../../domain/caller.ts';
import { assertAccess, CUSTOMER_ACCESS } from '../../domain/permissions.ts';

/** The audit entry of a change to a customer's code: who, which customer; never the code. */
const codeAudit = (
  caller: Caller,
  email: string,
  action: 'anti_phishing_code_set' | 'anti_phishing_code_cleared',
): NewAuditEntry => ({
  action,
  actor: auditActorOf(caller),
  target: { type: 'customer', id: email, name: email },
  clientAddress: clientAddressOf(caller),
});

/**
 * antiPhishingCodeWrites: the writes that set a customer's code, with their audit entry, for another action's
 * transaction (a ticket created with the code); refuses a caller without `customers:write` before anything is written.
 */
export function antiPhishingCodeWrites(caller: Caller, email: string, code: string, now: Date): GuardedItem[] {
  assertAccess(caller, CUSTOMER_ACCESS.write);
  return [
    antiPhishingCodePut(email, code, now),
    auditEntryItem({ ...codeAudit(caller, email, 'anti_phishing_code_set'), at: now }),
  ];
}

/** setAntiPhishingCode: keys with `customers:write` only; replaces the customer's code. */
export async function setAntiPhishingCode(
  caller: Caller,
  email: string,
  input: SetAntiPhishingCodeInput,
  now = new Date(),
): Promise<void> {
  assertAccess(caller, CUSTOMER_ACCESS.write);
  await recordAudit({ ...codeAudit(caller, email, 'anti_phishing_code_set'), at: now }, [
    antiPhishingCodePut(email, input.code, now),
  ]);
}

/** clearAntiPhishingCode: keys with `customers:write` only; the customer's e-mails carry no code from then on. */
export async function clearAntiPhishingCode(caller: Caller, email: string): Promise<void> {
  assertAccess(caller, CUSTOMER_ACCESS.write);
  await recordAudit(codeAudit(caller, email, 'anti_phishing_code_cleared'), [antiPhishingCodeDelete(email)]);
}
