/** How the Email Delivery page words what the server reports (docs/product.md §2). */
import type { FailedMail } from '#shared/schemas/mail.ts';

const MAIL_TYPE_TEXTS: Record<FailedMail['type'], string> = {
  acknowledgement: 'Acknowledgement to the customer',
  reply: 'Reply to the customer',
  resolution: 'Resolution notice to the customer',
  'staff-alarms': 'Staff notifications',
  notification: 'Notification to staff',
};

/** What a failed e-mail was. */
export const mailTypeText = (type: FailedMail['type']): string => MAIL_TYPE_TEXTS[type];

const SET_ASIDE_TEXTS: Record<FailedMail['reason'], string> = {
  attempts: 'Every attempt failed',
  age: 'Still failing after a day',
  permanent: 'Refused for good',
};

/** Why a failed e-mail was set aside. */
export const setAsideText = (reason: FailedMail['reason']): string => SET_ASIDE_TEXTS[reason];

const REFUSAL_TEXTS: Record<string, string> = {
  too_large: 'Larger than 10 MB',
  unreadable: 'Not a readable e-mail',
  auto_reply: 'Sent by an autoresponder, a mailing list or a mail system',
  failed_checks: 'Spam, a virus, or a forged sender (SES checks)',
  unknown_recipient: 'Sent to an address of the help desk that does not exist',
  bad_token: 'Reply address forged or damaged',
  unknown_ticket: 'Reply to a ticket that does not exist',
  foreign_sender: "Reply from someone other than the ticket's customer",
  no_sender: 'No sender address',
  empty: 'Reply without new text',
  no_category: 'No active category to file a new ticket under',
};

/** Why incoming mail was refused, in words; an unknown reason as the server names it. */
export const refusalText = (reason: string): string => REFUSAL_TEXTS[reason] ?? reason;
