import type { Attachment } from '#shared/schemas/attachment.ts';
import { describe, expect, it } from 'vitest';
import type { Comment } from '#shared/schemas/ticket.ts';
import type { StreamChange } from './outbound.ts';
import type { TicketRecord } from './tickets.ts';
import {
  deliveryOf,
  planWebhookDeliveries,
  signatureHeader,
  verifySignature,
  webhookBody,
  webhookEventsOfChange,
  type WebhookTarget,
} from './webhooks.ts';

const AGENT = { id: 'agent-1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@helpdesk.example' };

const ticket = (overrides: Partial<TicketRecord> = {}): TicketRecord => ({
  id: 42,
  ticketId: 'TKT-000042',
  subject: 'Withdrawal stuck',
  description: 'My withdrawal has been pending for two hours.',
  customerEmail: 'trader@example.com',
  category: 'crypto_withdrawal',
  categoryId: 'cat-1',
  priority: 'medium',
  status: 'open',
  type: 'api',
  customerLanguage: 'en',
  assignedToId: AGENT.id,
  assignedTo: AGENT,
  createdById: null,
  createdByApiKeyId: 'key-1',
  deadline: '2025-06-03T09:00:00.000Z',
  isOverdue: false,
  createdAt: '2025-06-02T09:00:00.000Z',
  updatedAt: '2025-06-02T09:00:00.000Z',
  resolvedAt: null,
  responseTime: null,
  resolutionTime: null,
  version: 1,
  assignedAt: '2025-06-02T09:00:00.000Z',
  firstResponseAt: null,
  firstResponseDueAt: null,
  isFirstResponseOverdue: false,
  waitingOnCustomer: false,
  slaPausedAt: null,
  sla: null,
  slaPausedMs: 0,
  resolutionWarnAt: null,
  resolutionWarned: false,
  firstResponseWarnAt: null,
  firstResponseWarned: false,
  responseAgentId: null,
  resolutionAgentId: null,
  slaMet: null,
  rating: null,
  sourceMessageId: null,
  restricted: false,
  ...overrides,
});

const ticketChange = (before: TicketRecord | undefined, after: TicketRecord): StreamChange => ({
  eventId: 'ev-1',
  eventName: before ? 'MODIFY' : 'INSERT',
  pk: 'TICKET#0000000042',
  sk: 'TICKET',
  item: { kind: 'ticket', ticketId: 42 },
  ...(before ? { before: before as unknown as Record<string, unknown> } : {}),
  after: after as unknown as Record<string, unknown>,
  at: '2025-06-02T10:00:00.000Z',
});

const comment = (overrides: Partial<Comment>): StreamChange => {
  const image: Comment = {
    id: 'c-1',
    ticketId: 42,
    userId: AGENT.id,
    authorType: 'staff',
    channel: 'web',
    comment: 'Released at 11:40 UTC.',
    isInternal: false,
    createdAt: '2025-06-02T11:42:00.000Z',
    author: { firstName: AGENT.firstName, lastName: AGENT.lastName, email: AGENT.email },
    attachments: [],
    ...overrides,
  };
  return {
    eventId: 'ev-2',
    eventName: 'INSERT',
    pk: 'TICKET#0000000042',
    sk: `COMMENT#${image.createdAt}#${image.id}`,
    item: { kind: 'comment', ticketId: 42 },
    after: image as unknown as Record<string, unknown>,
    at: '2025-06-02T11:42:00.000Z',
  };
};

const types = (change: StreamChange) => webhookEventsOfChange(change).map((event) => event.type);

describe('webhookEventsOfChange', () => {
  it('names a new ticket created, with its public fields and only the assignee’s name', () => {
    const [event] = webhookEventsOfChange(ticketChange(undefined, ticket()));
    expect(event).toMatchObject({ type: 'ticket.created', createdAt: '2025-06-02T09:00:00.000Z', ticketId: 42 });
    expect(event!.ticket).toMatchObject({ assignee: { id: AGENT.id, name: 'Ada Lovelace' } });
    expect(JSON.stringify(event)).not.toContain(AGENT.email);
  });

  it('carries only the number, code and status of a restricted case, and only its status changes', () => {
    const before = ticket({ restricted: true });
    const [created] = webhookEventsOfChange(ticketChange(undefined, before));
    expect(created!.ticket).toEqual({ id: 42, ticketId: before.ticketId, status: 'open', restricted: true });
    const [updated] = webhookEventsOfChange(
      ticketChange(before, { ...before, status: 'in_progress', priority: 'high' }),
    );
    expect(updated!.changes).toEqual([{ field: 'status', from: 'open', to: 'in_progress' }]);
    expect(JSON.stringify([created, updated])).not.toContain(before.subject);
  });

  it.each([
    ['a priority change', { priority: 'high' }, ['ticket.updated']],
    ['a category change', { category: 'kyc' }, ['ticket.updated']],
    ['a new assignee', { assignedToId: 'agent-2', assignedTo: { ...AGENT, id: 'agent-2' } }, ['ticket.updated']],
    [
      'resolving',
      { status: 'resolved', resolvedAt: '2025-06-02T12:00:00.000Z' },
      ['ticket.updated', 'ticket.resolved'],
    ],
    ['a subject edit', { subject: 'Withdrawal W-1 stuck' }, []],
    ['the overdue mark', { isOverdue: true }, []],
    [
      'a rating',
      { rating: { score: 4, comment: null, ratedAt: '2025-06-02T13:00:00.000Z', ratedByApiKeyId: 'k' } },
      ['ticket.rated'],
    ],
  ] as const)('names %s', (_what, change, expected) => {
    const before = ticket();
    expect(types(ticketChange(before, { ...before, ...(change as Partial<TicketRecord>) }))).toEqual(expected);
  });

  it('reports what ticket.updated changed, the assignee by name', () => {
    const before = ticket();
    const after = ticket({ priority: 'high', assignedToId: null, assignedTo: null });
    const [event] = webhookEventsOfChange(ticketChange(before, after));
    expect(event!.changes).toEqual([
      { field: 'priority', from: 'medium', to: 'high' },
      { field: 'assignedTo', from: { id: AGENT.id, name: 'Ada Lovelace' }, to: null },
    ]);
  });

  it('names a public staff reply and a customer message, never an internal note or a system message', () => {
    expect(types(comment({}))).toEqual(['ticket.replied']);
    expect(types(comment({ authorType: 'customer', userId: null, channel: 'email' }))).toEqual([
      'ticket.customer_replied',
    ]);
    expect(types(comment({ isInternal: true }))).toEqual([]);
    expect(types(comment({ authorType: 'system', userId: null }))).toEqual([]);
    const [reply] = webhookEventsOfChange(comment({}));
    expect(reply!.message).toEqual({
      id: 'c-1',
      ticketId: 42,
      authorType: 'staff',
      channel: 'web',
      content: 'Released at 11:40 UTC.',
      createdAt: '2025-06-02T11:42:00.000Z',
      authorName: 'Ada Lovelace',
      attachments: [],
    });
  });

  it("carries the files of a customer's e-mailed reply, kept and refused, without the removal details", () => {
    const kept: Attachment = {
      id: 'f-1',
      filename: 'shot.png',
      contentType: 'image/png',
      size: 120,
      sha256: 'ab'.repeat(32),
      scanStatus: 'not_scanned',
      state: 'available',
      refusedReason: null,
      removed: null,
      createdAt: '2025-06-02T11:42:00.000Z',
    };
    const refused: Attachment = {
      ...kept,
      id: 'f-2',
      filename: 'scan.pdf',
      sha256: null,
      state: 'refused',
      refusedReason: 'too_large',
    };
    const [event] = webhookEventsOfChange(
      comment({ authorType: 'customer', userId: null, channel: 'email', attachments: [kept, refused] }),
    );
    const { removed: _a, ...keptPublic } = kept;
    const { removed: _b, ...refusedPublic } = refused;
    expect(event!.type).toBe('ticket.customer_replied');
    expect(event!.message!.attachments).toEqual([keptPublic, refusedPublic]);
  });

  it('names a merge once, with the ticket it went into, and never the messages the merge copied', () => {
    const before = ticket();
    const merged = { ...before, status: 'closed', mergedIntoId: 7 } as TicketRecord;
    const events = webhookEventsOfChange(ticketChange(before, merged));
    expect(events.map((event) => event.type)).toEqual(['ticket.updated', 'ticket.merged']);
    expect(webhookBody('e-1', events[1]!, { ticket: events[1]!.ticket! }).data).toMatchObject({
      into: { id: 7, ticketId: 'TKT-000007' },
    });
    expect(types(ticketChange(merged, { ...merged, priority: 'high' }))).toEqual(['ticket.updated']);
    expect(types(comment({ mergedFrom: { ticketId: 41, commentId: 'c-0' } }))).toEqual([]);
  });

  it('names nothing for other items', () => {
    expect(
      webhookEventsOfChange({
        eventId: 'e',
        eventName: 'INSERT',
        pk: 'STATS',
        sk: 'TOTALS',
        item: { kind: 'other' },
        after: {},
        at: '',
      }),
    ).toEqual([]);
  });
});

describe('planWebhookDeliveries', () => {
  const webhooks: WebhookTarget[] = [
    { id: 'w-all', events: ['ticket.created', 'ticket.updated', 'ticket.resolved'], disabledAt: null },
    { id: 'w-resolved', events: ['ticket.resolved'], disabledAt: null },
    { id: 'w-off', events: ['ticket.resolved'], disabledAt: '2025-06-01T00:00:00.000Z' },
  ];

  it('plans one delivery per event and enabled, subscribed webhook', () => {
    const before = ticket();
    const planned = planWebhookDeliveries(ticketChange(before, ticket({ status: 'resolved' })), webhooks);
    expect(planned.map((p) => p.recipient)).toEqual([
      'w-all:ticket.updated',
      'w-all:ticket.resolved',
      'w-resolved:ticket.resolved',
    ]);
  });

  it('plans a ping for the webhook whose pingId changed, disabled or not', () => {
    const ping = (id: string): StreamChange => ({
      eventId: 'e',
      eventName: 'MODIFY',
      pk: 'WEBHOOKS',
      sk: `WEBHOOK#${id}`,
      item: { kind: 'webhook' },
      before: { id, pingId: 'a' },
      after: { id, pingId: 'b', pingRequestedAt: '2025-06-02T10:00:00.000Z' },
      at: '',
    });
    expect(planWebhookDeliveries(ping('w-off'), webhooks)).toEqual([
      {
        recipient: 'w-off:ping',
        payload: { webhookId: 'w-off', event: { type: 'ping', createdAt: '2025-06-02T10:00:00.000Z' } },
      },
    ]);
    expect(planWebhookDeliveries(ping('w-deleted'), webhooks)).toEqual([]);
  });
});

describe('signatures', () => {
  const at = new Date('2025-06-02T10:00:00.000Z');
  const body = '{"id":"e1"}';

  it('sign "<t>.<body>" with HMAC-SHA256 under the secret, in hex', () => {
    expect(signatureHeader('whsec_test', body, at)).toBe(
      't=1748858400,v1=07e5e1fba2ef21a89e21031a3da79b06f99ec4acec42d41d71795077129d035a',
    );
  });

  it('verify only with the secret, the untouched body and a recent time', () => {
    const header = signatureHeader('whsec_test', body, at);
    expect(verifySignature('whsec_test', body, header, at)).toBe(true);
    expect(verifySignature('whsec_other', body, header, at)).toBe(false);
    expect(verifySignature('whsec_test', `${body} `, header, at)).toBe(false);
    expect(verifySignature('whsec_test', body, header, new Date(at.getTime() + 301_000))).toBe(false);
    expect(verifySignature('whsec_test', body, 'garbage', at)).toBe(false);
  });
});

describe('deliveryOf', () => {
  it('reads the status code back from an answered attempt, and the error otherwise', () => {
    const base = { jobId: 'j', label: 'ping', attempts: 2, firstAttemptAt: 'a', lastAttemptAt: 'b' };
    expect(deliveryOf({ ...base, outcome: 'retrying', detail: 'HTTP 503', nextAttemptAt: 'c' })).toMatchObject({
      lastStatusCode: 503,
      lastError: null,
      nextAttemptAt: 'c',
    });
    expect(deliveryOf({ ...base, outcome: 'failed', detail: 'connect ECONNREFUSED 127.0.0.1:9' })).toMatchObject({
      lastStatusCode: null,
      lastError: 'connect ECONNREFUSED 127.0.0.1:9',
      nextAttemptAt: null,
    });
  });
});
