/**
 * Ticket rules as plain state transitions: a new ticket, an edit, an assignment, a comment, the overdue mark, a
 * customer rating.
 * Each returns the next state and the field changes the history records; a use case (functions/use-cases/tickets/)
 * has the data layer write both, with the aggregate deltas of functions/domain/metrics.ts, in one transaction.
 */
import {
  DEFAULT_CUSTOMER_LANGUAGE,
  type Language,
  type Priority,
  type TicketStatus,
  type TicketType,
} from '#shared/constants.ts';
import type { Attachment } from '#shared/schemas/attachment.ts';
import type { FieldChange, Ticket, TicketAssignee, TicketRating } from '#shared/schemas/ticket.ts';
import { ticketCode } from '#shared/format.ts';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors.ts';
import { DEFAULT_SLA_POLICY } from '#shared/schemas/sla.ts';
import {
  addClockTime,
  clockTimeBetween,
  deadlineFor,
  isPastDeadline,
  isUnresolved,
  minutesBetween,
  slaDueTimes,
  type TicketSla,
  ticketSlaFor,
} from './deadlines.ts';

/** A customer rating as the ticket keeps it: the API shape without the ticket id, plus the key that sent it. */
export interface StoredRating extends Omit<TicketRating, 'ticketId'> {
  ratedByApiKeyId: string | null;
}

/** What the table keeps beyond the API shape: concurrency version and who is credited in the weekly figures. */
export interface TicketRecord extends Omit<Ticket, 'mergedIntoId' | 'parentId'> {
  /** Absent on tickets never merged (the API shows null). */
  mergedIntoId?: number | null;
  /** Absent on tickets never part of an incident (the API shows null). */
  parentId?: number | null;
  /** Incremented by every write; writes are conditional on the version they read. */
  version: number;
  /** When the current assignee got the ticket (the week their `assigned` count is kept in). */
  assignedAt: string | null;
  /** The targets the ticket runs on (docs/decisions/005-sla-clocks.md); null on tickets from before SLA policies. */
  sla: TicketSla | null;
  /** Clock time the resolution clock has been paused so far (ended waits only), in ms. */
  slaPausedMs: number;
  /** When the resolution warning (80 % of the target) falls due; null without targets. */
  resolutionWarnAt: string | null;
  resolutionWarned: boolean;
  /** When the first-response warning falls due; null without targets. */
  firstResponseWarnAt: string | null;
  firstResponseWarned: boolean;
  /** The assignee at the first response, credited with the response time. */
  responseAgentId: string | null;
  /** The assignee at resolution, credited with the resolution; cleared on reopen. */
  resolutionAgentId: string | null;
  /** Whether the resolution came by the deadline; cleared on reopen. */
  slaMet: boolean | null;
  /**
   * The customer's rating, kept through a reopen; it counts in the figures only while the ticket is resolved or
   * closed, for the agent and the day of its current resolution.
   */
  rating: StoredRating | null;
  /** The Message-ID of the e-mail that opened the ticket (type `email`): every e-mail about it refers to it. */
  sourceMessageId: string | null;
}

export interface Transition {
  /** The next state; `current` itself (the same object) when the ticket item does not change. */
  ticket: TicketRecord;
  /** What the history records; empty when nothing a reader would see changed. */
  changes: FieldChange[];
}

/** The refusals of the ticket rules, worded once. */
export const ticketRefusals = {
  notFound: () => new NotFoundError('error.ticket.notFound'),
  unknownCategory: () =>
    new ValidationError('error.ticket.unknownCategory', { category: 'error.ticket.unknownCategory' }),
  /** `field` is the request field that named the assignee. */
  inactiveAssignee: (field: 'assignedToId' | 'agentId') =>
    new ValidationError('error.ticket.inactiveAssignee', { [field]: 'error.ticket.inactiveAssignee' }),
  /** Every attempt found the ticket changed by someone else. */
  busy: () => new ConflictError('error.ticket.busy'),
  /** A restricted case goes only to compliance staff (docs/product.md §6 "Compliance"). */
  assigneeNotCompliance: (field: 'assignedToId' | 'agentId') =>
    new ValidationError('error.ticket.assigneeNotCompliance', { [field]: 'error.ticket.assigneeNotCompliance' }),
} as const;

/** The display code of ticket number `id` (shared with the web app, which names tickets by it too). */
export { ticketCode };

/** `First Last`, or the e-mail when the name is blank. */
export const displayName = (person: { firstName: string; lastName: string; email: string }): string =>
  `${person.firstName} ${person.lastName}`.trim() || person.email;

const personValue = (assignee: TicketAssignee | null) =>
  assignee ? { id: assignee.id, name: displayName(assignee) } : null;

export interface NewTicketInput {
  id: number;
  subject: string;
  description: string;
  customerEmail: string;
  category: { id: string; name: string };
  priority: Priority;
  type: TicketType;
  /** Omitted: English. */
  customerLanguage?: Language;
  assignee: TicketAssignee | null;
  createdById: string | null;
  createdByApiKeyId: string | null;
  sourceMessageId?: string | null;
  /** The priority's targets under the SLA policy in force; omitted: the default policy's. */
  sla?: TicketSla;
  /** The files of the e-mail that opens it. */
  attachments?: Attachment[];
  /** Filed in a category marked restricted (docs/product.md §6 "Compliance"); omitted: not restricted. */
  restricted?: boolean;
}

/** A new open ticket, its clocks set from its priority's targets. */
export function newTicket(input: NewTicketInput, now: Date): TicketRecord {
  const at = now.toISOString();
  const sla = input.sla ?? ticketSlaFor(DEFAULT_SLA_POLICY, input.priority);
  const due = slaDueTimes(at, sla, 0);
  return {
    id: input.id,
    ticketId: ticketCode(input.id),
    subject: input.subject,
    description: input.description,
    customerEmail: input.customerEmail.toLowerCase(),
    category: input.category.name,
    categoryId: input.category.id,
    priority: input.priority,
    status: 'open',
    type: input.type,
    customerLanguage: input.customerLanguage ?? DEFAULT_CUSTOMER_LANGUAGE,
    assignedToId: input.assignee?.id ?? null,
    assignedTo: input.assignee,
    createdById: input.createdById,
    createdByApiKeyId: input.createdByApiKeyId,
    deadline: due.deadline,
    isOverdue: false,
    firstResponseDueAt: due.firstResponseDueAt,
    isFirstResponseOverdue: false,
    waitingOnCustomer: false,
    slaPausedAt: null,
    createdAt: at,
    updatedAt: at,
    resolvedAt: null,
    responseTime: null,
    resolutionTime: null,
    version: 1,
    assignedAt: input.assignee ? at : null,
    firstResponseAt: null,
    sla,
    slaPausedMs: 0,
    resolutionWarnAt: due.resolutionWarnAt,
    resolutionWarned: false,
    firstResponseWarnAt: due.firstResponseWarnAt,
    firstResponseWarned: false,
    responseAgentId: null,
    resolutionAgentId: null,
    slaMet: null,
    rating: null,
    sourceMessageId: input.sourceMessageId ?? null,
    restricted: input.restricted ?? false,
    ...(input.attachments?.length ? { attachments: input.attachments } : {}),
  };
}

/**
 * The clocks of `ticket` on new targets (a priority change): due times from creation plus the time paused so far. A
 * ticket from before SLA policies keeps its one clock, created + SLA hours.
 */
function withTargets(ticket: TicketRecord, sla: TicketSla | undefined): TicketRecord {
  if (!ticket.sla || !sla) return { ...ticket, deadline: deadlineFor(ticket.createdAt, ticket.priority) };
  return { ...ticket, sla, ...slaDueTimes(ticket.createdAt, sla, ticket.slaPausedMs) };
}

/** Stops the resolution clock: the ticket waits on the customer from `at`. */
function paused(ticket: TicketRecord, at: string): TicketRecord {
  return ticket.waitingOnCustomer ? ticket : { ...ticket, waitingOnCustomer: true, slaPausedAt: at };
}

/**
 * Restarts the resolution clock: the deadline and the warning move later by exactly the clock time paused (business
 * time where the ticket's calendar applies).
 */
function resumed(ticket: TicketRecord, at: string): TicketRecord {
  if (!ticket.waitingOnCustomer) return ticket;
  const calendar = ticket.sla?.calendar ?? null;
  const pausedMs = ticket.slaPausedAt ? clockTimeBetween(ticket.slaPausedAt, at, calendar) : 0;
  return {
    ...ticket,
    waitingOnCustomer: false,
    slaPausedAt: null,
    slaPausedMs: ticket.slaPausedMs + pausedMs,
    deadline: addClockTime(ticket.deadline, pausedMs, calendar),
    resolutionWarnAt: ticket.resolutionWarnAt && addClockTime(ticket.resolutionWarnAt, pausedMs, calendar),
  };
}

/** What the history records about a new ticket: who it went to, if anyone. */
export const creationChanges = (ticket: TicketRecord): FieldChange[] =>
  ticket.assignedTo ? [{ field: 'assignedTo', from: null, to: personValue(ticket.assignedTo) }] : [];

/** The first staff response, if this is it. */
function withFirstResponse(ticket: TicketRecord, at: string): TicketRecord {
  if (ticket.firstResponseAt) return ticket;
  return {
    ...ticket,
    firstResponseAt: at,
    responseTime: minutesBetween(ticket.createdAt, at),
    responseAgentId: ticket.assignedToId,
  };
}

export interface TicketEdit {
  subject?: string;
  description?: string;
  priority?: Priority;
  status?: TicketStatus;
  category?: { id: string; name: string };
  /** The new priority's targets under the SLA policy in force (with `priority`). */
  sla?: TicketSla;
  waitingOnCustomer?: boolean;
  /** Restrict the ticket to compliance staff, or lift it (docs/product.md §6 "Compliance"). */
  restricted?: boolean;
}

/**
 * An edit by staff. Any status may follow any other (docs/product.md §4). Resolving or closing an unresolved ticket sets
 * resolvedAt and resolutionTime; reopening clears them. Leaving `open` for the first time is a staff response. A new
 * priority moves the deadline (from creation); a ticket whose deadline moved, or that reopened, is overdue exactly
 * when the deadline has passed. Waiting on the customer stops the resolution clock (only while unresolved, else 409);
 * resuming it, or resolving or closing the ticket meanwhile, moves the deadline by the time paused.
 */
export function editTicket(current: TicketRecord, edit: TicketEdit, now: Date): Transition {
  const at = now.toISOString();
  const changes: FieldChange[] = [];
  let next: TicketRecord = { ...current };

  const set = <K extends 'subject' | 'description' | 'priority' | 'status' | 'deadline'>(
    field: K,
    value: TicketRecord[K],
  ) => {
    if (next[field] === value) return;
    changes.push({ field, from: next[field], to: value });
    next = { ...next, [field]: value };
  };

  if (edit.subject !== undefined) set('subject', edit.subject);
  if (edit.description !== undefined) set('description', edit.description);
  if (edit.category !== undefined && edit.category.id !== current.categoryId) {
    changes.push({ field: 'category', from: current.category, to: edit.category.name });
    next = { ...next, category: edit.category.name, categoryId: edit.category.id };
  }
  if (edit.priority !== undefined && edit.priority !== current.priority) {
    set('priority', edit.priority);
    const retargeted = withTargets(next, edit.sla);
    set('deadline', retargeted.deadline);
    if (retargeted.firstResponseDueAt !== next.firstResponseDueAt) {
      changes.push({ field: 'firstResponseDueAt', from: next.firstResponseDueAt, to: retargeted.firstResponseDueAt });
    }
    next = retargeted;
  }
  if (edit.status !== undefined) set('status', edit.status);
  if (edit.restricted !== undefined && edit.restricted !== current.restricted) {
    // The history says that it changed, never anything of the ticket's text.
    changes.push({ field: 'restricted', from: current.restricted, to: edit.restricted });
    next = { ...next, restricted: edit.restricted };
  }
  const wait = edit.waitingOnCustomer ?? (isUnresolved(next.status) ? current.waitingOnCustomer : false);
  if (wait !== current.waitingOnCustomer) {
    if (wait && !isUnresolved(next.status)) throw new ConflictError('error.ticket.notWaitable');
    changes.push({ field: 'waitingOnCustomer', from: current.waitingOnCustomer, to: wait });
    const moved = wait ? paused(next, at) : resumed(next, at);
    if (moved.deadline !== next.deadline) changes.push({ field: 'deadline', from: next.deadline, to: moved.deadline });
    next = moved;
  }

  if (changes.length === 0) return { ticket: current, changes };

  const wasUnresolved = isUnresolved(current.status);
  const nowUnresolved = isUnresolved(next.status);
  if (wasUnresolved && !nowUnresolved) {
    next = {
      ...next,
      resolvedAt: at,
      resolutionTime: minutesBetween(next.createdAt, at),
      resolutionAgentId: next.assignedToId,
      slaMet: now.getTime() <= Date.parse(next.deadline),
    };
  } else if (!wasUnresolved && nowUnresolved) {
    next = { ...next, resolvedAt: null, resolutionTime: null, resolutionAgentId: null, slaMet: null };
  }
  if (nowUnresolved && (next.deadline !== current.deadline || !wasUnresolved)) {
    const isOverdue = isPastDeadline(next.deadline, now);
    if (isOverdue !== next.isOverdue) {
      changes.push({ field: 'isOverdue', from: next.isOverdue, to: isOverdue });
      next = { ...next, isOverdue };
    }
  }
  return { ticket: { ...next, updatedAt: at }, changes };
}

/** Gives the ticket to `assignee`; assigning it to its current assignee changes nothing. */
export function assignTicket(current: TicketRecord, assignee: TicketAssignee, now: Date): Transition {
  if (current.assignedToId === assignee.id) return { ticket: current, changes: [] };
  const at = now.toISOString();
  return {
    ticket: { ...current, assignedToId: assignee.id, assignedTo: assignee, assignedAt: at, updatedAt: at },
    changes: [{ field: 'assignedTo', from: personValue(current.assignedTo), to: personValue(assignee) }],
  };
}

/**
 * A staff comment. A comment the customer would see (not internal) is a response: the first one sets
 * `firstResponseAt` and responseTime, and stops the first-response clock. A status change or an internal note is
 * not a response (docs/product.md, "SLA"). Later comments leave the ticket as it is.
 */
export function commentOnTicket(current: TicketRecord, comment: { isInternal: boolean }, now: Date): Transition {
  if (comment.isInternal || current.firstResponseAt) return { ticket: current, changes: [] };
  const next = withFirstResponse(current, now.toISOString());
  return {
    ticket: { ...next, updatedAt: next.firstResponseAt! },
    changes: [{ field: 'responseTime', from: null, to: next.responseTime }],
  };
}

/**
 * The overdue job's marks, each once, on an unresolved ticket: the warning of a clock whose 80 % has passed, and the
 * breach of a target that fell due (the resolution clock only while it runs, the first response only unanswered).
 * A breach found with its warning still pending marks both, and the alarm is the breach's.
 */
export function markOverdue(current: TicketRecord, now: Date): Transition {
  if (!isUnresolved(current.status)) return { ticket: current, changes: [] };
  const changes: FieldChange[] = [];
  let next = current;
  const mark = <K extends 'resolutionWarned' | 'isOverdue' | 'firstResponseWarned' | 'isFirstResponseOverdue'>(
    field: K,
    due: string | null,
    history: string,
  ) => {
    if (next[field] || !due || !isPastDeadline(due, now)) return;
    changes.push({ field: history, from: false, to: true });
    next = { ...next, [field]: true };
  };
  if (!current.waitingOnCustomer && !current.isOverdue) {
    mark('resolutionWarned', current.resolutionWarnAt, 'resolutionWarning');
    mark('isOverdue', current.deadline, 'isOverdue');
  }
  if (!current.firstResponseAt) {
    mark('firstResponseWarned', current.firstResponseWarnAt, 'firstResponseWarning');
    mark('isFirstResponseOverdue', current.firstResponseDueAt, 'isFirstResponseOverdue');
  }
  if (changes.length === 0) return { ticket: current, changes };
  return { ticket: { ...next, updatedAt: now.toISOString() }, changes };
}

/**
 * The customer's rating of a resolved or closed ticket; a new rating replaces the previous one, and the same rating
 * sent again changes nothing. The ticket's `updatedAt` stays: a rating is about the ticket, not a change to it.
 */
export function rateTicket(
  current: TicketRecord,
  input: { score: number; comment: string | null; ratedByApiKeyId: string | null },
  now: Date,
): Transition {
  if (isUnresolved(current.status)) throw new ConflictError('error.ticket.notRatable');
  const previous = current.rating;
  if (previous && previous.score === input.score && previous.comment === input.comment) {
    return { ticket: current, changes: [] };
  }
  return {
    ticket: { ...current, rating: { ...input, ratedAt: now.toISOString() } },
    changes: [{ field: 'rating', from: previous?.score ?? null, to: input.score }],
  };
}

/** The API shape of a ticket's rating, if it has one. */
export const toApiRating = (ticket: TicketRecord): TicketRating | null =>
  ticket.rating
    ? {
        ticketId: ticket.id,
        score: ticket.rating.score,
        comment: ticket.rating.comment,
        ratedAt: ticket.rating.ratedAt,
      }
    : null;

/** The API shape of a stored ticket (bookkeeping fields dropped). */
export function toApiTicket(record: TicketRecord): Ticket {
  const {
    version: _version,
    assignedAt: _assignedAt,
    sla: _sla,
    slaPausedMs: _slaPausedMs,
    resolutionWarnAt: _resolutionWarnAt,
    resolutionWarned: _resolutionWarned,
    firstResponseWarnAt: _firstResponseWarnAt,
    firstResponseWarned: _firstResponseWarned,
    responseAgentId: _responseAgentId,
    resolutionAgentId: _resolutionAgentId,
    slaMet: _slaMet,
    rating,
    sourceMessageId: _sourceMessageId,
    ...ticket
  } = record;
  return {
    ...ticket,
    rating: rating ? { score: rating.score, comment: rating.comment, ratedAt: rating.ratedAt } : null,
    mergedIntoId: record.mergedIntoId ?? null,
    parentId: record.parentId ?? null,
  };
}
