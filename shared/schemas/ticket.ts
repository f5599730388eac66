import * as z from 'zod';
import {
  CREATABLE_TICKET_TYPES,
  CATEGORY_NAME_MAX,
  DESCRIPTION_MIN_LENGTH,
  LANGUAGES,
  LIST_LIMITS,
  MESSAGE_AUTHOR_TYPES,
  MESSAGE_CHANNELS,
  PRIORITIES,
  SUBJECT_MIN_LENGTH,
  TICKET_LIMITS,
  TICKET_STATUSES,
  TICKET_TYPES,
} from '../constants.ts';
import { issueText } from '../i18n/messages.ts';
import { attachmentIdsField, attachmentSchema } from './attachment.ts';
import { antiPhishingCodeSchema } from './customer.ts';
import { holdSchema } from './reply-guard.ts';
import { identifier, opaqueToken, text, wholeNumber } from './text.ts';
import { emailSchema } from './user.ts';

/** Customer ratings score a resolved ticket from 1 (poor) to 5 (excellent). */
export const RATING_SCORES = { min: 1, max: 5 } as const;

/**
 * The texts of the ticket schemas (docs/product.md §5), as zod issue texts: message codes with their arguments
 * (shared/i18n/messages.ts).
 */
const TICKET_ISSUES = {
  subjectRequired: issueText('validation.subject.required'),
  subjectTooShort: issueText('validation.subject.tooShort', { min: SUBJECT_MIN_LENGTH }),
  subjectTooLong: issueText('validation.subject.tooLong', { max: TICKET_LIMITS.subjectMax }),
  descriptionRequired: issueText('validation.description.required'),
  descriptionTooShort: issueText('validation.description.tooShort', { min: DESCRIPTION_MIN_LENGTH }),
  descriptionTooLong: issueText('validation.description.tooLong', { max: TICKET_LIMITS.descriptionMax }),
  categoryRequired: issueText('validation.category.required'),
  agentRequired: issueText('validation.agent.required'),
  invalidEmail: issueText('validation.email'),
  commentRequired: issueText('validation.comment.required'),
  commentTooLong: issueText('validation.comment.tooLong', { max: TICKET_LIMITS.commentMax }),
  invalidId: issueText('validation.ticketId.invalid'),
  invalidLimit: issueText('validation.limit.invalid', { max: LIST_LIMITS.fullList }),
  invalidRatingScore: issueText('validation.rating.score', RATING_SCORES),
  ratingCommentTooLong: issueText('validation.comment.tooLong', { max: TICKET_LIMITS.ratingCommentMax }),
  invalidCursor: issueText('validation.cursor.invalid'),
  invalidCreateType: issueText('validation.type.invalid', { values: CREATABLE_TICKET_TYPES.join(', ') }),
  bulkTicketIds: issueText('validation.bulk.ticketIds'),
  bulkNoTickets: issueText('validation.bulk.noTickets'),
  bulkTooManyTickets: issueText('validation.bulk.tooManyTickets', { max: TICKET_LIMITS.bulkMax }),
  bulkRepeatedTicket: issueText('validation.bulk.repeatedTicket'),
  bulkNoChanges: issueText('validation.bulk.noChanges'),
} as const;

export const prioritySchema = z.enum(PRIORITIES, {
  message: issueText('validation.priority.invalid', { values: PRIORITIES.join(', ') }),
});
export const ticketStatusSchema = z.enum(TICKET_STATUSES, {
  message: issueText('validation.status.invalid', { values: TICKET_STATUSES.join(', ') }),
});
export const ticketTypeSchema = z.enum(TICKET_TYPES, {
  message: issueText('validation.type.invalid', { values: TICKET_TYPES.join(', ') }),
});
/** The language the customer's e-mails are written in. */
export const customerLanguageSchema = z.enum(LANGUAGES, {
  message: issueText('validation.customerLanguage.invalid', { values: LANGUAGES.join(', ') }),
});

/**
 * The assignee as lists and details show it. It is a copy kept on the ticket when it is assigned: staff names and
 * e-mails never change in this product, and the copy makes a page of tickets one Query instead of a Query plus a
 * BatchGet of the assignees.
 */
export const ticketAssigneeSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type TicketAssignee = z.infer<typeof ticketAssigneeSchema>;

/** A ticket as every ticket route returns it (docs/product.md §3), `assignedTo` expanded. */
export const ticketSchema = z.object({
  id: z.number().int(),
  /** Display code, `TKT-` and at least six digits; unique. */
  ticketId: z.string(),
  subject: z.string(),
  description: z.string(),
  customerEmail: z.string(),
  /** The category's name when the ticket was filed or last re-categorised. */
  category: z.string(),
  categoryId: z.string(),
  priority: prioritySchema,
  status: ticketStatusSchema,
  type: ticketTypeSchema,
  /** The language of every e-mail the customer gets about this ticket. */
  customerLanguage: customerLanguageSchema,
  assignedToId: z.string().nullable(),
  assignedTo: ticketAssigneeSchema.nullable(),
  /** The staff member who filed it; null when an API key did. */
  createdById: z.string().nullable(),
  createdByApiKeyId: z.string().nullable(),
  /**
   * When the resolution is due: creation + the priority's resolution target under the SLA policy when the ticket was
   * created (24/7 or business time), moved later by the time spent waiting on the customer (docs/product.md §9).
   */
  deadline: z.string(),
  /** Set once the deadline passed while unresolved; recomputed when the deadline moves or the ticket reopens. */
  isOverdue: z.boolean(),
  /** When the first response is due; null on tickets created before SLA policies. */
  firstResponseDueAt: z.string().nullable(),
  /** The first public staff reply (a comment the customer sees; an internal note or a status change is not one); null until then. */
  firstResponseAt: z.string().nullable(),
  /** Set once the first response fell due unanswered. */
  isFirstResponseOverdue: z.boolean(),
  /** Staff wait on the customer's answer: the resolution clock is stopped until the customer writes or staff resume. */
  waitingOnCustomer: z.boolean(),
  /** When the current wait began; null while the clock runs. */
  slaPausedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** Minutes from creation to the first staff response (`firstResponseAt`: the first public staff reply). Kept on reopen. */
  responseTime: z.number().int().nullable(),
  /** Minutes from creation to resolution (resolved or closed); cleared on reopen. */
  resolutionTime: z.number().int().nullable(),
  /**
   * The files of the e-mail that opened the ticket (type `email`), kept and refused ones, as the opening message
   * carried them; absent on a ticket opened without files (docs/decisions/094-attachments.md).
   */
  attachments: z.array(attachmentSchema).optional(),
  /** The customer's rating from the link of the resolution e-mail, kept through a reopen; null until they rate. */
  rating: z
    .object({
      score: z.number().int(),
      comment: z.string().nullable(),
      ratedAt: z.string(),
    })
    .nullable(),
  /** The ticket this one was merged into (it is closed, and its customer's e-mail replies go there); null otherwise. */
  mergedIntoId: z.number().int().nullable(),
  /** The incident (a parent ticket) this ticket is part of; null otherwise. */
  parentId: z.number().int().nullable(),
  /**
   * A restricted compliance case (docs/product.md §6 "Compliance"): only staff with the compliance permission see it;
   * to everyone else it does not exist.
   */
  restricted: z.boolean(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** `GET /api/tickets`: one page, newest first; pass `nextCursor` back as `cursor` for the next one. */
export const ticketListSchema = z.object({
  tickets: z.array(ticketSchema),
  /** Null when there is nothing more. A page may hold fewer than `limit` tickets and still have a cursor. */
  nextCursor: z.string().nullable(),
  /**
   * Only on one customer's list (`customerEmail`, or `q` as a whole address): how many of this page's tickets are
   * restricted cases the caller may not see, left out (docs/product.md §6 "Compliance"). The customer panel says so.
   */
  restrictedCount: z.number().int().nonnegative().optional(),
});
export type TicketList = z.infer<typeof ticketListSchema>;

/**
 * `GET /api/tickets/overdue`: unresolved tickets past their deadline or with their first response overdue, earliest
 * due time first, at most 100.
 */
export const overdueTicketsSchema = z.array(ticketSchema);

const subjectField = text({
  label: 'field.subject',
  max: TICKET_LIMITS.subjectMax,
  tooLong: TICKET_ISSUES.subjectTooLong,
  min: SUBJECT_MIN_LENGTH,
  tooShort: TICKET_ISSUES.subjectTooShort,
  required: TICKET_ISSUES.subjectTooShort,
});
const descriptionField = text({
  label: 'field.description',
  max: TICKET_LIMITS.descriptionMax,
  tooLong: TICKET_ISSUES.descriptionTooLong,
  min: DESCRIPTION_MIN_LENGTH,
  tooShort: TICKET_ISSUES.descriptionTooShort,
  required: TICKET_ISSUES.descriptionTooShort,
  multiline: true,
});
/** An active category's name, as ticket forms and macro actions name it. */
export const categoryField = text({
  label: 'field.category',
  max: CATEGORY_NAME_MAX,
  required: TICKET_ISSUES.categoryRequired,
});

/** `POST /api/tickets` (docs/product.md §5). Without `assignedToId` the server assigns round robin. */
export const createTicketSchema = z.object({
  customerEmail: z.string({ message: TICKET_ISSUES.invalidEmail }).pipe(emailSchema),
  subject: subjectField,
  description: descriptionField,
  /** An active category's name. */
  category: categoryField,
  priority: prioritySchema.default('medium'),
  type: z.enum(CREATABLE_TICKET_TYPES, { message: TICKET_ISSUES.invalidCreateType }).default('api'),
  /** The customer's language (upstream systems know their customer's locale); omitted: English. */
  customerLanguage: customerLanguageSchema.optional(),
  /** Omitted, null or empty: round robin. */
  assignedToId: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    identifier('field.assignedToId').optional(),
  ),
  /**
   * The customer's anti-phishing code, set with the ticket (docs/decisions/096-anti-phishing-code.md): API keys with
   * `customers:write` only; never stored on the ticket.
   */
  antiPhishingCode: antiPhishingCodeSchema.optional(),
});
export type CreateTicketInput = z.infer<typeof createTicketSchema>;

/** `PATCH /api/tickets/{id}`: any subset; a field sent with its current value is no change. */
export const updateTicketSchema = z.object({
  subject: text({
    label: 'field.subject',
    max: TICKET_LIMITS.subjectMax,
    tooLong: TICKET_ISSUES.subjectTooLong,
    required: TICKET_ISSUES.subjectRequired,
  }).optional(),
  description: text({
    label: 'field.description',
    max: TICKET_LIMITS.descriptionMax,
    tooLong: TICKET_ISSUES.descriptionTooLong,
    required: TICKET_ISSUES.descriptionRequired,
    multiline: true,
  }).optional(),
  priority: prioritySchema.optional(),
  status: ticketStatusSchema.optional(),
  category: categoryField.optional(),
  /** Stop (true) or restart (false) the resolution clock while staff wait on the customer; only while unresolved. */
  waitingOnCustomer: z.boolean({ error: issueText('validation.waitingOnCustomer') }).optional(),
  /** Restrict the ticket to compliance staff, or lift it: compliance staff only (docs/product.md §6 "Compliance"). */
  restricted: z.boolean({ error: issueText('validation.boolean', { field: 'restricted' }) }).optional(),
});
export type UpdateTicketInput = z.infer<typeof updateTicketSchema>;

/** `POST /api/tickets/{id}/assign`. */
export const assignTicketSchema = z.object({
  agentId: identifier('field.agentId', TICKET_ISSUES.agentRequired),
});
export type AssignTicketInput = z.infer<typeof assignTicketSchema>;

/** A ticket number (`id`, not the `TKT-` code). */
const ticketNumber = wholeNumber(TICKET_ISSUES.invalidId).refine((id) => id > 0, TICKET_ISSUES.invalidId);

/** `POST /api/tickets/{id}/merge`: the ticket to merge this one into. */
export const mergeTicketSchema = z.object({
  intoTicketId: wholeNumber(issueText('validation.merge.intoTicketId')).refine(
    (id) => id > 0,
    issueText('validation.merge.intoTicketId'),
  ),
  /** Needed (from an admin or a manager) when the two tickets' customers differ. */
  allowDifferentCustomer: z
    .boolean({ error: issueText('validation.boolean', { field: 'allowDifferentCustomer' }) })
    .default(false),
});
export type MergeTicketInput = z.infer<typeof mergeTicketSchema>;

/** `PUT /api/tickets/{id}/parent`: the incident (parent ticket) to make this ticket part of. */
export const setParentSchema = z.object({
  parentId: wholeNumber(issueText('validation.parent.parentId')).refine(
    (id) => id > 0,
    issueText('validation.parent.parentId'),
  ),
});
export type SetParentInput = z.infer<typeof setParentSchema>;

/** Path parameter `{id}`: the numeric ticket id. */
export const ticketIdParamsSchema = z.object({ id: ticketNumber });

/**
 * What a bulk change sets on every ticket it names (docs/product.md §2 "Tickets table"): at least one of these;
 * `parentId` links to an incident (`null` unlinks).
 */
export const bulkTicketChangesSchema = z
  .object(
    {
      status: ticketStatusSchema.optional(),
      priority: prioritySchema.optional(),
      /** Assigns each ticket to this active staff member, as `POST /api/tickets/{id}/assign` does. */
      assignedToId: identifier('field.assignedToId').optional(),
      /** An active category's name. */
      category: categoryField.optional(),
      /** Makes each ticket part of this incident (a parent ticket), as `PUT /api/tickets/{id}/parent` does; null unlinks. */
      parentId: ticketNumber.nullable().optional(),
    },
    { error: TICKET_ISSUES.bulkNoChanges },
  )
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), TICKET_ISSUES.bulkNoChanges);
export type BulkTicketChanges = z.infer<typeof bulkTicketChangesSchema>;

/** `POST /api/tickets/bulk`: 1 to 100 distinct ticket numbers, and the changes to make to each. */
export const bulkUpdateTicketsSchema = z.object({
  ticketIds: z
    .array(ticketNumber, { error: TICKET_ISSUES.bulkTicketIds })
    .min(1, TICKET_ISSUES.bulkNoTickets)
    .max(TICKET_LIMITS.bulkMax, TICKET_ISSUES.bulkTooManyTickets)
    .refine((ids) => new Set(ids).size === ids.length, TICKET_ISSUES.bulkRepeatedTicket),
  changes: bulkTicketChangesSchema,
});
export type BulkUpdateTicketsInput = z.infer<typeof bulkUpdateTicketsSchema>;

/**
 * One ticket's outcome in a bulk change: `ok`, or the error code the single-ticket route would have answered
 * (`error.ticket.editDenied`, `error.ticket.notFound`, …).
 */
export const bulkTicketResultSchema = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  code: z.string().optional(),
});
export type BulkTicketResult = z.infer<typeof bulkTicketResultSchema>;

/** The answer of `POST /api/tickets/bulk`: one result per ticket, in the order of the request. */
export const bulkUpdateTicketsResultSchema = z.object({ results: z.array(bulkTicketResultSchema) });
export type BulkUpdateTicketsResult = z.infer<typeof bulkUpdateTicketsResultSchema>;

/** An empty query parameter (`?status=`) means "any", as the SPA's "All" options send it. */
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** How many items a page holds: 1 to 100, 100 when not given. */
export const pageLimitParam = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : v),
  wholeNumber(TICKET_ISSUES.invalidLimit, 3)
    .pipe(z.number().min(1, TICKET_ISSUES.invalidLimit).max(LIST_LIMITS.fullList, TICKET_ISSUES.invalidLimit))
    .default(LIST_LIMITS.fullList),
);

/** The `nextCursor` of the page before. */
export const pageCursorParam = optionalParam(opaqueToken(TICKET_ISSUES.invalidCursor));

/** `GET /api/tickets` query. */
export const listTicketsQuerySchema = z.object({
  limit: pageLimitParam,
  status: optionalParam(ticketStatusSchema),
  priority: optionalParam(prioritySchema),
  type: optionalParam(ticketTypeSchema),
  /** Only the tickets of this customer: the whole address, in any case. */
  customerEmail: optionalParam(
    z.string({ message: TICKET_ISSUES.invalidEmail }).max(320, TICKET_ISSUES.invalidEmail).pipe(emailSchema),
  ),
  assignedToId: optionalParam(identifier('field.assignedToId')),
  /** A ticket code, a whole customer e-mail address, or words (docs/decisions/090-search-by-term-index.md). */
  q: optionalParam(
    text({ label: 'field.search', max: TICKET_LIMITS.searchMax }).transform((v) => v.toLowerCase() || undefined),
  ),
  cursor: pageCursorParam,
});
export type ListTicketsQuery = z.infer<typeof listTicketsQuerySchema>;

export const commentAuthorSchema = z.object({ firstName: z.string(), lastName: z.string(), email: z.string() });

/**
 * A message on a ticket's thread (a comment), as `GET`/`POST /api/tickets/{id}/comments` return it: a staff
 * member's public reply or internal note, or the customer's message (`userId` null, never internal, the author's
 * e-mail the ticket's customer e-mail, the names empty).
 */
export const commentSchema = z.object({
  id: z.string(),
  /** The ticket's numeric id. */
  ticketId: z.number().int(),
  /** The staff author's id; null for a message from the customer or the system. */
  userId: z.string().nullable(),
  /** Who wrote it. Comments stored before the thread model read as `staff`. */
  authorType: z.enum(MESSAGE_AUTHOR_TYPES),
  /** How it arrived; staff comments are `web`. */
  channel: z.enum(MESSAGE_CHANNELS),
  comment: z.string(),
  isInternal: z.boolean(),
  createdAt: z.string(),
  author: commentAuthorSchema,
  /** The message's files, oldest first; refused and removed ones too, so that the reader knows they existed. */
  attachments: z.array(attachmentSchema),
  /** Set on a message that joined this thread when its ticket was merged into this one: where it was first written. */
  mergedFrom: z.object({ ticketId: z.number().int(), commentId: z.string() }).optional(),
  /** The macro the reply was written from. */
  macroId: z.string().optional(),
  /** A reply on an incident that went to its unresolved tickets too (docs/product.md "Incidents"). */
  toChildren: z.boolean().optional(),
  /** Set on a reply an incident passed on to this ticket: the incident and its own reply. */
  fromIncident: z.object({ ticketId: z.number().int(), commentId: z.string() }).optional(),
  /**
   * A public reply the reply guard held for a compliance user (docs/decisions/099-reply-guard.md): stored as an
   * internal note until released; `POST /api/tickets/{id}/comments` answers 202 with it.
   */
  held: z.boolean().optional(),
  /** Why it was held and what was decided; on the held note, and on the reply it became when released. Staff only. */
  hold: holdSchema.optional(),
});
export type Comment = z.infer<typeof commentSchema>;

const messageContentField = text({
  label: 'field.comment',
  max: TICKET_LIMITS.commentMax,
  tooLong: TICKET_ISSUES.commentTooLong,
  required: TICKET_ISSUES.commentRequired,
  multiline: true,
});

/** `POST /api/tickets/{id}/comments`. An internal note is not a response to the customer. */
export const createCommentSchema = z
  .object({
    content: messageContentField,
    isInternal: z.boolean().default(false),
    /** The macro the text was written from: its actions apply with the comment, and the history names it. */
    macroId: identifier('field.macroId').optional(),
    /**
     * The newest message the composer showed. A public reply is then refused (409 `error.thread.newerMessage`) while
     * the thread holds a public message newer than it, unless `confirmed` (docs/product.md §2 "Ticket detail").
     */
    afterMessageId: identifier('field.afterMessageId').optional(),
    /** Sent after reading the newer messages: the reply goes out all the same. */
    confirmed: z.boolean().optional(),
    /**
     * On an incident: the public reply also goes to each of its unresolved tickets, from a macro in each customer's
     * language (docs/product.md "Incidents"). An internal note stays where it is written.
     */
    toChildren: z.boolean().optional(),
    /** Files uploaded with `POST /api/tickets/{id}/attachments` by the same writer; each is verified before it commits. */
    attachmentIds: attachmentIdsField,
  })
  .refine((input) => !(input.toChildren && input.isInternal), {
    error: issueText('validation.comment.toChildrenInternal'),
    path: ['toChildren'],
  });
export type CreateCommentInput = z.infer<typeof createCommentSchema>;

/** `POST /api/tickets/{id}/messages`: the customer's answer, relayed by the upstream system that talks to them. */
export const postMessageSchema = z.object({ content: messageContentField, attachmentIds: attachmentIdsField });
export type PostMessageInput = z.infer<typeof postMessageSchema>;

/** A customer's message as an inbound channel hands it to the help desk (e-mail; the API next). */
export const customerMessageSchema = z.object({
  ticketId: z.number().int().positive(),
  content: messageContentField,
  channel: z.enum(MESSAGE_CHANNELS),
  /** When the message reached us; the time the thread shows. Absent: now. */
  receivedAt: z.date().optional(),
});
export type CustomerMessageInput = z.input<typeof customerMessageSchema>;

/** Which page of a ticket's thread to read: at most `limit` messages (default and most: 100) after `cursor`. */
export const threadQuerySchema = z.object({
  limit: pageLimitParam,
  cursor: pageCursorParam,
});
export type ThreadQuery = z.input<typeof threadQuerySchema>;

/** A page of a ticket's thread, oldest first; pass `nextCursor` back as `cursor` for the next one. */
export const threadPageSchema = z.object({
  messages: z.array(commentSchema),
  /** Null when there is nothing more. */
  nextCursor: z.string().nullable(),
});
export type ThreadPage = z.infer<typeof threadPageSchema>;

/** `emailed`: the help desk sent an e-mail about the ticket (the entry's `mail` says which, and to whom). */
export const HISTORY_ACTIONS = [
  'created',
  'updated',
  'assigned',
  'commented',
  'overdue',
  'emailed',
  'merged',
  'downloaded',
  'attachmentRemoved',
  /** The malware scan found a threat in one of the ticket's files (docs/decisions/094-attachments.md). */
  'malwareFound',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** The e-mails the help desk writes: to the customer (the first three) and to staff. */
export const MAIL_TEMPLATES = ['acknowledgement', 'reply', 'resolution', 'notification', 'attachmentRefused'] as const;

/**
 * The e-mail a history entry is about: one the help desk sent (`kind` is its template, `address` the recipient), or
 * one it received from the customer (`reply` to the ticket, or the `new_ticket` that opened it; `address` the sender).
 */
export const mailNoteSchema = z.object({
  direction: z.enum(['sent', 'received']),
  kind: z.enum([...MAIL_TEMPLATES, 'new_ticket']),
  address: z.string(),
});
export type MailNote = z.infer<typeof mailNoteSchema>;

/**
 * Who made a change: a staff member (`user`), an API key, the help desk itself (`system`), or the ticket's customer
 * (`customer`, whose id and name are the customer e-mail).
 */
export const actorSchema = z.object({
  type: z.enum(['user', 'apiKey', 'system', 'customer']),
  id: z.string(),
  name: z.string(),
});
export type Actor = z.infer<typeof actorSchema>;

/** A changed value: plain values, or `{id, name}` for a person (the assignee). */
export const changeValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.object({ id: z.string(), name: z.string() }),
]);
export type ChangeValue = z.infer<typeof changeValueSchema>;

export const fieldChangeSchema = z.object({ field: z.string(), from: changeValueSchema, to: changeValueSchema });
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/** One entry of `GET /api/tickets/{id}/history`, oldest first. */
export const historyEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: actorSchema,
  action: z.enum(HISTORY_ACTIONS),
  changes: z.array(fieldChangeSchema),
  /** Present when the entry records an e-mail sent or received. */
  mail: mailNoteSchema.optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** `POST /api/tickets/{id}/rating`: the customer's rating of a resolved or closed ticket; a new one replaces the old. */
export const rateTicketSchema = z.object({
  score: z
    .number({ message: TICKET_ISSUES.invalidRatingScore })
    .int(TICKET_ISSUES.invalidRatingScore)
    .min(RATING_SCORES.min, TICKET_ISSUES.invalidRatingScore)
    .max(RATING_SCORES.max, TICKET_ISSUES.invalidRatingScore),
  /** Omitted, null or blank: no comment. */
  comment: text({
    label: 'field.comment',
    max: TICKET_LIMITS.ratingCommentMax,
    tooLong: TICKET_ISSUES.ratingCommentTooLong,
    multiline: true,
  })
    .nullish()
    .transform((v) => v || null),
});
export type RateTicketInput = z.infer<typeof rateTicketSchema>;

/** A ticket's customer rating, as the rating route answers with it (201 the first time, 200 when it replaced one). */
export const ticketRatingSchema = z.object({
  /** The ticket's numeric id. */
  ticketId: z.number().int(),
  score: z.number().int().min(RATING_SCORES.min).max(RATING_SCORES.max),
  comment: z.string().nullable(),
  /** When this rating was given (a replacement has its own time). */
  ratedAt: z.string(),
});
export type TicketRating = z.infer<typeof ticketRatingSchema>;
