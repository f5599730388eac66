/**
 * The sender of the `mail` kind: SQS messages from the dispatcher (and from the staff-alarms fan-out), each one attempt
 * at one e-mail, claimed before it is sent (docs/decisions/051-outbound-delivery.md, 080-mail.md).
 */
import { mailGuarantee, mailPayloadSchema, MAIL_KIND } from '../domain/mail-jobs.ts';
import { defineSender } from '../outbound/sender.ts';
import { deliverMail } from '../use-cases/mail/deliver-mail.ts';

export const handler = defineSender({
  kind: MAIL_KIND,
  payload: mailPayloadSchema,
  send: deliverMail,
  guarantee: mailGuarantee,
});
