import { describe, expect, it } from 'vitest';
import type { StreamChange } from '../domain/outbound.ts';
import { mailPlanner } from './mail-planner.ts';
import { streamItem } from './stream-change.ts';

const written = { actorType: 'user', actorId: 'u1', action: 'updated' } as const;
const image = (overrides: Record<string, unknown> = {}) => ({
  id: 42,
  ticketId: 'TKT-000042',
  subject: 'Withdrawal stuck',
  priority: 'medium',
  customerEmail: 'trader@example.com',
  status: 'open',
  assignedToId: 'a1',
  isOverdue: false,
  lastWrite: written,
  ...overrides,
});

const change = (overrides: Partial<Omit<StreamChange, 'item'>>): StreamChange => {
  const keys = { pk: 'TICKET#0000000042', sk: 'TICKET', ...overrides };
  return {
    eventId: 'e1',
    eventName: 'MODIFY',
    at: '2026-11-24T10:00:00.000Z',
    ...keys,
    item: streamItem(keys.pk, keys.sk),
  };
};

const plan = (c: StreamChange) =>
  mailPlanner.plan(c).map((d) => `${d.recipient}:${(d.payload as { type: string }).type}`);

describe('the mail planner', () => {
  it('acknowledges a new ticket and raises its alarms', () => {
    expect(
      plan(change({ eventName: 'INSERT', after: image({ lastWrite: { ...written, action: 'created' } }) })),
    ).toEqual(['customer:acknowledgement:acknowledgement', 'staff:staff-alarms']);
  });

  it('plans nothing for a ticket written by the bulk import (no lastWrite)', () => {
    expect(plan(change({ eventName: 'INSERT', after: image({ lastWrite: undefined }) }))).toEqual([]);
  });

  it.each([
    ['open', 'resolved', ['customer:resolution:resolution', 'staff:staff-alarms']],
    ['in_progress', 'closed', ['customer:resolution:resolution', 'staff:staff-alarms']],
    ['resolved', 'closed', ['staff:staff-alarms']],
    ['open', 'in_progress', ['staff:staff-alarms']],
  ])('for a ticket moved from %s to %s by someone else plans %j', (from, to, expected) => {
    expect(plan(change({ before: image({ status: from }), after: image({ status: to }) }))).toEqual(expected);
  });

  it('plans nothing for an edit that raises no alarm and resolves nothing', () => {
    expect(plan(change({ before: image(), after: image({ subject: 'Withdrawal still stuck' }) }))).toEqual([]);
  });

  it("mails a staff member's public comment, never an internal note nor the customer's own message", () => {
    const comment = (overrides: Record<string, unknown>) =>
      change({
        eventName: 'INSERT',
        sk: 'COMMENT#2026-11-24T10:00:00.000Z#c1',
        after: {
          id: 'c1',
          ticketId: 42,
          userId: 'u1',
          authorType: 'staff',
          comment: 'Released.',
          isInternal: false,
          author: { firstName: 'Ada', lastName: 'L', email: 'ada@x' },
          ...overrides,
        },
      });
    expect(mailPlanner.plan(comment({}))).toEqual([
      {
        recipient: 'customer:reply:c1',
        group: 'ticket-42',
        payload: { type: 'reply', ticketId: 42, commentId: 'c1', content: 'Released.', authorFirstName: 'Ada' },
      },
    ]);
    expect(plan(comment({ authorType: undefined }))).toEqual(['customer:reply:c1:reply']);
    expect(plan(comment({ isInternal: true }))).toEqual([]);
    expect(plan(comment({ authorType: 'customer', userId: null }))).toEqual([]);
  });

  it("answers the customer's e-mailed reply that carried files over the size limit, once, naming them", () => {
    const file = (filename: string, state: string, refusedReason: string | null) => ({
      filename,
      state,
      refusedReason,
    });
    const reply = (overrides: Record<string, unknown>) =>
      change({
        eventName: 'INSERT',
        sk: 'COMMENT#2026-11-24T10:00:00.000Z#c2',
        after: {
          id: 'c2',
          ticketId: 42,
          userId: null,
          authorType: 'customer',
          channel: 'email',
          comment: 'Attached.',
          isInternal: false,
          attachments: [
            file('shot.png', 'available', null),
            file('scan.pdf', 'refused', 'too_large'),
            file('run.exe', 'refused', 'type_not_allowed'),
            file('video.mov', 'refused', 'too_large'),
          ],
          ...overrides,
        },
      });
    expect(mailPlanner.plan(reply({}))).toEqual([
      {
        recipient: 'customer:attachment-refused:c2',
        group: 'ticket-42',
        payload: { type: 'attachmentRefused', ticketId: 42, commentId: 'c2', filenames: ['scan.pdf', 'video.mov'] },
      },
    ]);
    expect(plan(reply({ attachments: [file('run.exe', 'refused', 'type_not_allowed')] }))).toEqual([]);
    expect(plan(reply({ attachments: [] }))).toEqual([]);
    // Relayed by an upstream system (its uploads are refused with a 400, never kept as refused), or copied by a merge.
    expect(plan(reply({ channel: 'api' }))).toEqual([]);
    expect(plan(reply({ mergedFrom: { ticketId: 7, commentId: 'c0' } }))).toEqual([]);
    expect(plan({ ...reply({}), eventName: 'MODIFY' })).toEqual([]);
  });

  it("names a reply's files by id, leaving out those refused or removed before it committed", () => {
    const file = (id: string, state: string) => ({ id, state, filename: `${id}.pdf`, size: 1 });
    const planned = mailPlanner.plan(
      change({
        eventName: 'INSERT',
        sk: 'COMMENT#2026-11-24T10:00:00.000Z#c2',
        after: {
          id: 'c2',
          userId: 'u1',
          authorType: 'staff',
          comment: 'Your statement.',
          isInternal: false,
          attachments: [file('a1', 'available'), file('a2', 'refused'), file('a3', 'available')],
        },
      }),
    );
    expect(planned).toHaveLength(1);
    expect(planned[0]!.payload).toMatchObject({ type: 'reply', attachmentIds: ['a1', 'a3'] });
  });

  it("groups every e-mail to a ticket's customer by the ticket, so that they go out in commit order", () => {
    const resolved = mailPlanner.plan(
      change({ before: image({ status: 'in_progress' }), after: image({ status: 'resolved' }) }),
    );
    const customerMail = resolved.filter((delivery) => delivery.recipient.startsWith('customer:'));
    expect(customerMail.map((delivery) => delivery.group)).toEqual(['ticket-42']);
  });

  it('plans nothing for history entries, deletions or other items', () => {
    expect(plan(change({ eventName: 'INSERT', sk: 'HISTORY#2026#h1', after: { id: 'h1' } }))).toEqual([]);
    expect(plan(change({ eventName: 'REMOVE', before: image() }))).toEqual([]);
    expect(plan(change({ pk: 'USER#u1', sk: 'PROFILE', after: { id: 'u1' } }))).toEqual([]);
  });
});
