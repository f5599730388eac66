import { describe, expect, it } from 'vitest';
import type { TicketStatus } from '#shared/constants.ts';
import type { User } from '#shared/schemas/user.ts';
import { customerMessage, customerWroteIn, staffComment } from './thread.ts';
import { newTicket, type TicketRecord } from './tickets.ts';

const created = new Date('2025-03-03T08:00:00.000Z');
const agent = { id: 'agent-1', firstName: 'Ann', lastName: 'Agent', email: 'ann@desk.test' } as User;

/** A medium-priority ticket (deadline 24 h after creation) in `status`, as the edits to get there would leave it. */
function ticketIn(status: TicketStatus, overrides: Partial<TicketRecord> = {}): TicketRecord {
  const base = newTicket(
    {
      id: 7,
      subject: 'Withdrawal pending',
      description: 'My withdrawal is still pending.',
      customerEmail: 'Trader@Example.com',
      category: { id: 'c-1', name: 'withdrawals' },
      priority: 'medium',
      type: 'api',
      assignee: { id: agent.id, firstName: 'Ann', lastName: 'Agent', email: agent.email },
      createdById: null,
      createdByApiKeyId: 'key-1',
    },
    created,
  );
  const resolvedAt = '2025-03-03T10:00:00.000Z';
  const resolved = status === 'resolved' || status === 'closed';
  return {
    ...base,
    status,
    updatedAt: resolved ? resolvedAt : base.updatedAt,
    ...(resolved
      ? { resolvedAt, resolutionTime: 120, resolutionAgentId: agent.id, slaMet: true, firstResponseAt: resolvedAt }
      : {}),
    version: 4,
    ...overrides,
  };
}

describe('messages on the thread', () => {
  it('signs a staff comment with its author, arrived through the app', () => {
    const note = staffComment(7, agent, { content: 'Checked the ledger', isInternal: true }, 'm-1', created);
    expect(note).toEqual({
      id: 'm-1',
      ticketId: 7,
      userId: 'agent-1',
      authorType: 'staff',
      channel: 'web',
      comment: 'Checked the ledger',
      isInternal: true,
      createdAt: created.toISOString(),
      author: { firstName: 'Ann', lastName: 'Agent', email: 'ann@desk.test' },
      attachments: [],
    });
  });

  it.each(['email', 'api'] as const)(
    'signs a customer message that came by %s with the ticket customer e-mail',
    (channel) => {
      const at = new Date('2025-03-04T09:30:00.000Z');
      expect(customerMessage(ticketIn('open'), 'Any news?', channel, 'm-2', at)).toEqual({
        id: 'm-2',
        ticketId: 7,
        userId: null,
        authorType: 'customer',
        channel,
        comment: 'Any news?',
        isInternal: false,
        createdAt: at.toISOString(),
        author: { firstName: '', lastName: '', email: 'trader@example.com' },
        attachments: [],
      });
    },
  );
});

describe('customerWroteIn', () => {
  it.each(['resolved', 'closed'] as const)('reopens a %s ticket, clearing what its resolution recorded', (status) => {
    const current = ticketIn(status);
    const now = new Date('2025-03-03T12:00:00.000Z');
    const { ticket, changes } = customerWroteIn(current, now);
    expect(changes).toEqual([{ field: 'status', from: status, to: 'open' }]);
    expect(ticket).toMatchObject({
      status: 'open',
      resolvedAt: null,
      resolutionTime: null,
      resolutionAgentId: null,
      slaMet: null,
      isOverdue: false,
      updatedAt: now.toISOString(),
      // The first response stays: it happened.
      responseTime: current.responseTime,
      firstResponseAt: current.firstResponseAt,
    });
  });

  it('reopens a resolved ticket overdue when its deadline has passed meanwhile', () => {
    const now = new Date('2025-03-05T08:00:00.000Z');
    const { ticket, changes } = customerWroteIn(ticketIn('resolved'), now);
    expect(changes).toEqual([
      { field: 'status', from: 'resolved', to: 'open' },
      { field: 'isOverdue', from: false, to: true },
    ]);
    expect(ticket.isOverdue).toBe(true);
  });

  it.each(['open', 'in_progress'] as const)('leaves an %s ticket as it is but for the time it moved', (status) => {
    const current = ticketIn(status, { isOverdue: true });
    const now = new Date('2025-03-05T08:00:00.000Z');
    const { ticket, changes } = customerWroteIn(current, now);
    expect(changes).toEqual([]);
    expect(ticket).not.toBe(current);
    expect(ticket).toEqual({ ...current, updatedAt: now.toISOString() });
  });
});
