import { describe, expect, it } from 'vitest';
import { undeliverableAddresses } from './delivery-events.ts';

const now = new Date('2026-11-24T12:00:00.000Z');

describe('undeliverableAddresses', () => {
  it('marks every recipient of a permanent bounce, in lower case, with what SES said', () => {
    expect(
      undeliverableAddresses(
        {
          eventType: 'Bounce',
          bounce: {
            bounceType: 'Permanent',
            bounceSubType: 'NoEmail',
            timestamp: '2026-11-24T11:00:00.000Z',
            bouncedRecipients: [{ emailAddress: 'Gone@Example.com', diagnosticCode: 'smtp; 550 5.1.1' }],
          },
        },
        now,
      ),
    ).toEqual([
      {
        email: 'gone@example.com',
        reason: 'bounce',
        at: '2026-11-24T11:00:00.000Z',
        detail: 'NoEmail: smtp; 550 5.1.1',
      },
    ]);
  });

  it('marks a complaint', () => {
    expect(
      undeliverableAddresses(
        { eventType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: 'a@b.example' }] } },
        now,
      ),
    ).toEqual([{ email: 'a@b.example', reason: 'complaint', at: now.toISOString(), detail: 'marked as spam' }]);
  });

  it('leaves transient bounces, deliveries and anything unreadable alone', () => {
    const transient = { eventType: 'Bounce', bounce: { bounceType: 'Transient', bouncedRecipients: [] } };
    expect(undeliverableAddresses(transient, now)).toEqual([]);
    expect(undeliverableAddresses({ eventType: 'Delivery', delivery: {} }, now)).toEqual([]);
    expect(undeliverableAddresses('nonsense', now)).toEqual([]);
  });
});
