/** How the Email Delivery page words what the server reports (docs/product.md §2), as keys of the message registry. */
import type { MessageKey } from '#shared/i18n/messages.ts';
import type { FailedMail } from '#shared/schemas/mail.ts';
import type { Translate } from '../../i18n/react.tsx';
import { hasText } from '../../i18n/i18n.ts';

const MAIL_TYPE_TEXTS: Record<FailedMail['type'], MessageKey> = {
  acknowledgement: 'mail.type.acknowledgement',
  reply: 'mail.type.reply',
  resolution: 'mail.type.resolution',
  'staff-alarms': 'mail.type.staffAlarms',
  notification: 'mail.type.notification',
  attachmentRefused: 'mail.type.attachmentRefused',
};

/** What a failed e-mail was. */
export const mailTypeText = (type: FailedMail['type'], t: Translate): string => t(MAIL_TYPE_TEXTS[type]);

const SET_ASIDE_TEXTS: Record<FailedMail['reason'], MessageKey> = {
  attempts: 'mail.setAside.attempts',
  age: 'mail.setAside.age',
  permanent: 'mail.setAside.permanent',
  unknown: 'mail.setAside.unknown',
};

/** Why a failed e-mail was set aside. */
export const setAsideText = (reason: FailedMail['reason'], t: Translate): string => t(SET_ASIDE_TEXTS[reason]);

/** Why incoming mail was refused, in words; an unknown reason as the server names it. */
export function refusalText(reason: string, t: Translate): string {
  const key = `mail.refusal.${reason}`;
  return /^[a-z_]+$/.test(reason) && hasText(key) ? t(key) : reason;
}
