/**
 * Bounces and complaints: nothing in the embedded runtime bounces, so the handler SES's configuration set feeds
 * through EventBridge in AWS is handed events of SES's own shape; the effects are read through the API, the mailbox
 * and the SMTP listener.
 */
import { randomUUID } from 'node:crypto';
import type { Context, EventBridgeEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerMailStatusSchema } from '#shared/schemas/mail.ts';
import { ticketSchema, type Ticket } from '#shared/schemas/ticket.ts';
import { handler } from '#functions/jobs/mail-events.ts';
import { logger } from '#functions/lib/logger.ts';
import { lambdaContext } from '#infra/local/lambda-context.ts';
import { eventually, MAIL_DOMAIN, type MailHarness, sendSmtp, startMailHarness } from './support/mail.ts';
import { createTestCategory, signedIn, ticketBody, type SignedIn, useDedicatedTable } from './tickets-support.ts';

let mail: MailHarness;
let agent: SignedIn;
let category: string;
let previousLogLevel: ReturnType<typeof logger.getLevelName>;

beforeAll(async () => {
  previousLogLevel = logger.getLevelName();
  logger.setLogLevel('ERROR');
  mail = await startMailHarness(await useDedicatedTable('helpdesk-mail-bounce'));
  agent = await signedIn(mail.gateway.url, 'agent');
  category = (await createTestCategory()).name;
  await createTestCategory({ name: 'general_enquiry' });
});
afterAll(async () => {
  await mail?.stop();
  logger.setLogLevel(previousLogLevel);
});

/** An SES sending event as the configuration set's EventBridge destination delivers it. */
function sesEvent(detailType: string, detail: Record<string, unknown>): EventBridgeEvent<string, unknown> {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': detailType,
    source: 'aws.ses',
    account: '123456789012',
    time: new Date().toISOString(),
    region: 'us-east-1',
    resources: [],
    detail: { mail: { timestamp: new Date().toISOString(), messageId: `0100${randomUUID()}` }, ...detail },
  };
}

const bounce = (email: string, bounceType: 'Permanent' | 'Transient') =>
  sesEvent('Email Bounced', {
    eventType: 'Bounce',
    bounce: {
      bounceType,
      bounceSubType: bounceType === 'Permanent' ? 'General' : 'MailboxFull',
      timestamp: '2026-11-24T10:00:00.000Z',
      bouncedRecipients: [{ emailAddress: email, diagnosticCode: 'smtp; 550 5.1.1 user unknown' }],
    },
  });

const invoke = (event: EventBridgeEvent<string, unknown>) =>
  handler(event, lambdaContext('helpdesk-mail-events') as Context);

async function newTicket(): Promise<Ticket> {
  const customerEmail = `bouncy-${randomUUID().slice(0, 8)}@example.com`;
  const res = await agent.client.post('/api/tickets', ticketBody(category, { customerEmail }));
  return ticketSchema.parse(res.body);
}

const statusOf = async (ticket: Ticket) =>
  customerMailStatusSchema.parse((await agent.client.get(`/api/tickets/${ticket.id}/mail-status`)).body);

describe("a customer's address", () => {
  it('is deliverable until SES reports a permanent bounce, which the ticket view then shows', async () => {
    const ticket = await newTicket();
    expect(await statusOf(ticket)).toEqual({
      address: ticket.customerEmail,
      deliverable: true,
      reason: null,
      since: null,
      detail: null,
    });

    await invoke(bounce(ticket.customerEmail, 'Transient'));
    expect((await statusOf(ticket)).deliverable).toBe(true);

    await invoke(bounce(ticket.customerEmail.toUpperCase(), 'Permanent'));
    expect(await statusOf(ticket)).toEqual({
      address: ticket.customerEmail,
      deliverable: false,
      reason: 'bounce',
      since: '2026-11-24T10:00:00.000Z',
      detail: 'General: smtp; 550 5.1.1 user unknown',
    });
  });

  it('is marked by a complaint, gets no more e-mail, and works again once its owner writes in from it', async () => {
    const ticket = await newTicket();
    await eventually(async () => (await mail.sentTo(ticket.customerEmail)).length === 1, 'the acknowledgement');
    await invoke(
      sesEvent('Email Complaint Received', {
        eventType: 'Complaint',
        complaint: {
          timestamp: '2026-11-24T11:00:00.000Z',
          complaintFeedbackType: 'abuse',
          complainedRecipients: [{ emailAddress: ticket.customerEmail }],
        },
      }),
    );
    expect(await statusOf(ticket)).toMatchObject({ deliverable: false, reason: 'complaint', detail: 'abuse' });

    expect(
      (await agent.client.post(`/api/tickets/${ticket.id}/comments`, { content: 'Any news on your side?' })).status,
    ).toBe(201);
    await eventually(() => mail.queues.depth('helpdesk-mail') === 0, 'the reply job to be handled');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await mail.sentTo(ticket.customerEmail)).toHaveLength(1);

    await sendSmtp(mail.smtp, {
      from: ticket.customerEmail,
      to: `support@${MAIL_DOMAIN}`,
      subject: 'Another question about fees',
      text: 'What are the fees for SEPA withdrawals?',
    });
    expect((await statusOf(ticket)).deliverable).toBe(true);
  });
});
