import { describe, expect, it } from 'vitest';
import type { TicketStatus } from '#shared/constants.ts';
import { deadlineFor } from './deadlines.ts';
import { ConflictError } from '../lib/errors.ts';
import {
  assignTicket,
  commentOnTicket,
  editTicket,
  markOverdue,
  newTicket,
  rateTicket,
  ticketCode,
  toApiRating,
  toApiTicket,
  type TicketRecord,
} from './tickets.ts';

const created = new Date('2025-03-03T08:00:00.000Z');
const at = (minutes: number) => new Date(created.getTime() + minutes * 60_000);
const ada = { id: 'agent-ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@test.local' };
const grace = { id: 'agent-grace', firstName: 'Grace', lastName: 'Hopper', email: 'grace@test.local' };

const ticket = (overrides: Partial<TicketRecord> = {}): TicketRecord => ({
  ...newTicket(
    {
      id: 42,
      subject: 'Withdrawal stuck',
      description: 'My BTC withdrawal has been pending for hours',
      customerEmail: 'Customer@Example.com',
      category: { id: 'cat-1', name: 'crypto_withdrawal' },
      priority: 'medium',
      type: 'api',
      assignee: ada,
      createdById: null,
      createdByApiKeyId: 'key-1',
    },
    created,
  ),
  ...overrides,
});

describe('ticketCode', () => {
  it.each([
    [1, 'TKT-000001'],
    [42, 'TKT-000042'],
    [999_999, 'TKT-999999'],
    [1_000_000, 'TKT-1000000'],
  ])('writes ticket %i as %s', (id, code) => {
    expect(ticketCode(id)).toBe(code);
  });
});

describe('newTicket', () => {
  it('opens the ticket with a deadline from its priority and the assignee recorded', () => {
    const t = ticket();
    expect(t).toMatchObject({
      ticketId: 'TKT-000042',
      status: 'open',
      customerEmail: 'customer@example.com',
      deadline: '2025-03-04T08:00:00.000Z',
      isOverdue: false,
      assignedToId: 'agent-ada',
      assignedAt: created.toISOString(),
      resolvedAt: null,
      responseTime: null,
      version: 1,
    });
  });

  it('leaves an unassigned ticket without an assignment time', () => {
    const t = newTicket({ ...ticket(), sla: undefined, category: { id: 'c', name: 'kyc' }, assignee: null }, created);
    expect(t.assignedToId).toBeNull();
    expect(t.assignedAt).toBeNull();
  });
});

describe('editTicket', () => {
  it('changes nothing when every field is sent with its current value', () => {
    const t = ticket();
    const result = editTicket(
      t,
      { subject: t.subject, priority: 'medium', status: 'open', category: { id: 'cat-1', name: 'x' } },
      at(5),
    );
    expect(result.changes).toEqual([]);
    expect(result.ticket).toBe(t);
  });

  it.each([
    ['resolved', 90],
    ['closed', 30],
  ] as const)(
    'sets resolvedAt and resolutionTime, but no first response, when an open ticket is %s',
    (status, minutes) => {
      const { ticket: t, changes } = editTicket(ticket(), { status }, at(minutes));
      expect(t).toMatchObject({
        status,
        resolvedAt: at(minutes).toISOString(),
        resolutionTime: minutes,
        responseTime: null,
        firstResponseAt: null,
        resolutionAgentId: 'agent-ada',
        slaMet: true,
      });
      expect(changes).toEqual([{ field: 'status', from: 'open', to: status }]);
    },
  );

  it('does not count a status change as the first response: only a public reply stops that clock', () => {
    const inProgress = editTicket(ticket(), { status: 'in_progress' }, at(12)).ticket;
    expect(inProgress).toMatchObject({ responseTime: null, firstResponseAt: null });
    const replied = commentOnTicket(inProgress, { isInternal: false }, at(20)).ticket;
    const back = editTicket(replied, { status: 'open' }, at(25)).ticket;
    const again = editTicket(back, { status: 'in_progress' }, at(30)).ticket;
    expect(again).toMatchObject({ responseTime: 20, firstResponseAt: at(20).toISOString() });
  });

  it('clears the resolution on reopen and keeps the response time', () => {
    const replied = commentOnTicket(ticket(), { isInternal: false }, at(60)).ticket;
    const resolved = editTicket(replied, { status: 'resolved' }, at(60)).ticket;
    const reopened = editTicket(resolved, { status: 'in_progress' }, at(120)).ticket;
    expect(reopened).toMatchObject({
      status: 'in_progress',
      resolvedAt: null,
      resolutionTime: null,
      resolutionAgentId: null,
      slaMet: null,
      responseTime: 60,
    });
  });

  it('keeps the first resolution time when a resolved ticket is closed', () => {
    const resolved = editTicket(ticket(), { status: 'resolved' }, at(60)).ticket;
    const closed = editTicket(resolved, { status: 'closed' }, at(600)).ticket;
    expect(closed.resolvedAt).toBe(at(60).toISOString());
    expect(closed.resolutionTime).toBe(60);
  });

  it('records a breached deadline on a late resolution', () => {
    const late = editTicket(
      ticket({ priority: 'critical', deadline: at(120).toISOString() }),
      { status: 'resolved' },
      at(121),
    );
    expect(late.ticket.slaMet).toBe(false);
    const onTime = editTicket(
      ticket({ priority: 'critical', deadline: at(120).toISOString() }),
      { status: 'resolved' },
      at(120),
    );
    expect(onTime.ticket.slaMet).toBe(true);
  });

  it('moves the deadline from creation when the priority changes', () => {
    const { ticket: t, changes } = editTicket(ticket(), { priority: 'low' }, at(600));
    expect(t.deadline).toBe('2025-03-06T08:00:00.000Z');
    expect(changes).toEqual([
      { field: 'priority', from: 'medium', to: 'low' },
      { field: 'deadline', from: '2025-03-04T08:00:00.000Z', to: '2025-03-06T08:00:00.000Z' },
    ]);
  });

  it.each([
    ['raising the priority past the deadline marks it overdue', false, 'critical', 180, true],
    ['lowering the priority of an overdue ticket clears the mark', true, 'low', 180, false],
    ['a new deadline still ahead leaves it due', false, 'high', 180, false],
  ] as const)('%s', (_label, isOverdue, priority, minutes, expected) => {
    const { ticket: t } = editTicket(ticket({ isOverdue }), { priority }, at(minutes));
    expect(t.isOverdue).toBe(expected);
  });

  it.each([
    ['past its deadline comes back overdue', 'critical', 300, true],
    ['before its deadline comes back due', 'low', 300, false],
  ] as const)('a reopened ticket %s', (_label, priority, minutes, expected) => {
    const start = ticket({ priority, deadline: deadlineFor(created.toISOString(), priority) });
    const resolved = editTicket(start, { status: 'resolved' }, at(10)).ticket;
    expect(editTicket(resolved, { status: 'open' }, at(minutes)).ticket.isOverdue).toBe(expected);
  });

  it('keeps the overdue mark on edits that do not move the deadline', () => {
    const { ticket: t } = editTicket(ticket({ isOverdue: true }), { subject: 'Still stuck after a day' }, at(2_000));
    expect(t.isOverdue).toBe(true);
  });

  it('moves the category by id and records its name', () => {
    const { ticket: t, changes } = editTicket(ticket(), { category: { id: 'cat-2', name: 'kyc' } }, at(1));
    expect(t).toMatchObject({ category: 'kyc', categoryId: 'cat-2' });
    expect(changes).toEqual([{ field: 'category', from: 'crypto_withdrawal', to: 'kyc' }]);
  });

  it.each<[TicketStatus, TicketStatus, boolean]>([
    ['open', 'in_progress', false],
    ['in_progress', 'resolved', true],
    ['resolved', 'closed', true],
    ['closed', 'open', false],
    ['resolved', 'in_progress', false],
  ])('allows %s → %s (resolved afterwards: %s)', (from, to, resolved) => {
    const start = from === 'open' ? ticket() : editTicket(ticket(), { status: from }, at(5)).ticket;
    const { ticket: t } = editTicket(start, { status: to }, at(50));
    expect(t.status).toBe(to);
    expect(t.resolvedAt !== null).toBe(resolved);
  });
});

describe('assignTicket', () => {
  it('records the new assignee, when, and who it was before', () => {
    const { ticket: t, changes } = assignTicket(ticket(), grace, at(3));
    expect(t).toMatchObject({ assignedToId: 'agent-grace', assignedTo: grace, assignedAt: at(3).toISOString() });
    expect(changes).toEqual([
      {
        field: 'assignedTo',
        from: { id: 'agent-ada', name: 'Ada Lovelace' },
        to: { id: 'agent-grace', name: 'Grace Hopper' },
      },
    ]);
  });

  it('changes nothing when the ticket already has that assignee', () => {
    expect(assignTicket(ticket(), ada, at(3)).changes).toEqual([]);
  });
});

describe('commentOnTicket', () => {
  it('makes the first customer-visible comment the response', () => {
    const { ticket: t } = commentOnTicket(ticket(), { isInternal: false }, at(7));
    expect(t).toMatchObject({ responseTime: 7, responseAgentId: 'agent-ada', firstResponseAt: at(7).toISOString() });
  });

  it.each([
    ['an internal note', ticket(), true],
    ['a later comment', commentOnTicket(ticket(), { isInternal: false }, at(7)).ticket, false],
  ])('leaves the ticket alone for %s', (_label, t, isInternal) => {
    expect(commentOnTicket(t, { isInternal }, at(9)).changes).toEqual([]);
  });
});

describe('markOverdue', () => {
  it.each([
    ['an open ticket past its deadline', ticket({ deadline: at(10).toISOString() }), true],
    ['a ticket before its deadline', ticket({ deadline: at(100).toISOString() }), false],
    ['a ticket already marked', ticket({ deadline: at(10).toISOString(), isOverdue: true }), false],
    ['a resolved ticket', ticket({ deadline: at(10).toISOString(), status: 'resolved' }), false],
  ])('marks %s: %s', (_label, t, marked) => {
    const result = markOverdue(t, at(20));
    expect(result.changes.length > 0).toBe(marked);
    expect(result.ticket.isOverdue).toBe(marked || t.isOverdue);
  });
});

describe('rateTicket', () => {
  const resolved = () => editTicket(ticket(), { status: 'resolved' }, at(30)).ticket;
  const rating = (score: number, comment: string | null = null) => ({ score, comment, ratedByApiKeyId: 'key-1' });

  it.each<TicketStatus>(['open', 'in_progress'])('refuses a %s ticket', (status) => {
    expect(() => rateTicket(ticket({ status }), rating(5), at(40))).toThrow(
      new ConflictError('error.ticket.notRatable'),
    );
  });

  it.each<TicketStatus>(['resolved', 'closed'])('rates a %s ticket and records the score in the history', (status) => {
    const result = rateTicket(editTicket(ticket(), { status }, at(30)).ticket, rating(4, 'Quick and kind'), at(40));
    expect(result.ticket.rating).toEqual({
      score: 4,
      comment: 'Quick and kind',
      ratedByApiKeyId: 'key-1',
      ratedAt: at(40).toISOString(),
    });
    expect(result.changes).toEqual([{ field: 'rating', from: null, to: 4 }]);
  });

  it('replaces an earlier rating, the history showing both scores', () => {
    const first = rateTicket(resolved(), rating(2), at(40)).ticket;
    const second = rateTicket(first, rating(5, 'Solved after all'), at(50));
    expect(second.ticket.rating).toMatchObject({
      score: 5,
      comment: 'Solved after all',
      ratedAt: at(50).toISOString(),
    });
    expect(second.changes).toEqual([{ field: 'rating', from: 2, to: 5 }]);
  });

  it('treats the same rating sent again as no change', () => {
    const first = rateTicket(resolved(), rating(3, 'Fine'), at(40)).ticket;
    expect(rateTicket(first, rating(3, 'Fine'), at(50))).toEqual({ ticket: first, changes: [] });
  });

  it('keeps the rating through a reopen', () => {
    const rated = rateTicket(resolved(), rating(3), at(40)).ticket;
    expect(editTicket(rated, { status: 'open' }, at(50)).ticket.rating?.score).toBe(3);
  });

  it('answers with the API shape of the rating', () => {
    const rated = rateTicket(resolved(), rating(5), at(40)).ticket;
    expect(toApiRating(rated)).toEqual({ ticketId: 42, score: 5, comment: null, ratedAt: at(40).toISOString() });
    expect(toApiRating(resolved())).toBeNull();
  });
});

describe('toApiTicket', () => {
  it('drops the bookkeeping fields', () => {
    const api = toApiTicket(ticket());
    for (const field of [
      'version',
      'assignedAt',
      'sla',
      'slaPausedMs',
      'resolutionWarnAt',
      'resolutionWarned',
      'firstResponseWarnAt',
      'firstResponseWarned',
      'responseAgentId',
      'resolutionAgentId',
      'slaMet',
      'sourceMessageId',
    ]) {
      expect(api).not.toHaveProperty(field);
    }
  });

  it('gives the rating without the key that sent it, and null before one', () => {
    expect(toApiTicket(ticket()).rating).toBeNull();
    const rated = ticket({
      rating: { score: 5, comment: 'Fast', ratedAt: '2025-06-03T10:00:00.000Z', ratedByApiKeyId: 'key-1' },
    });
    expect(toApiTicket(rated).rating).toEqual({ score: 5, comment: 'Fast', ratedAt: '2025-06-03T10:00:00.000Z' });
  });
});
