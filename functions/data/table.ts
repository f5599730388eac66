/**
 * The one module that owns the table's shape: index names, key attribute names and key builders.
 * Every other data module builds keys through these functions; docs/data-model.md documents them.
 */

/** Key attribute names of the base table and of each global secondary index. */
export const KEYS = {
  pk: 'pk',
  sk: 'sk',
  ttl: 'expiresAt',
} as const;

/**
 * Global secondary indexes. Each is sparse: an item appears only when it carries the index's keys.
 * - byCollection: every item of a kind, ordered (tickets newest first, staff by name, categories…)
 * - byStatus:     tickets by status, ordered by creation
 * - byAssignee:   tickets by assigned agent, ordered by creation; also connections by user, and the routing queue
 *                 (unassigned unresolved tickets, by priority then age; docs/decisions/006)
 * - byType:       tickets by type (api | direct | email), ordered by creation
 * - byDeadline:   unresolved tickets on the resolution clock, partitioned WARN | DUE | OVERDUE, ordered by the time
 *                 their next mark falls due (the warning, else the deadline); none while the clock is paused
 * - byFirstResponse: unresolved tickets awaiting their first response, partitioned WARN | DUE | OVERDUE the same way
 * - byCustomer:   tickets by customer e-mail (stored lower-case), ordered by creation. Keyed on attributes every ticket
 *                 item has always carried (`customerEmail`, and byCollection's sort key), so DynamoDB fills the index
 *                 from existing tickets when it is added; only ticket items carry a top-level `customerEmail`.
 */
export const INDEXES = {
  byCollection: { name: 'byCollection', pk: 'gsi1pk', sk: 'gsi1sk' },
  byStatus: { name: 'byStatus', pk: 'gsi2pk', sk: 'gsi2sk' },
  byAssignee: { name: 'byAssignee', pk: 'gsi3pk', sk: 'gsi3sk' },
  byType: { name: 'byType', pk: 'gsi4pk', sk: 'gsi4sk' },
  byDeadline: { name: 'byDeadline', pk: 'gsi5pk', sk: 'gsi5sk' },
  byCustomer: { name: 'byCustomer', pk: 'customerEmail', sk: 'gsi1sk' },
  byFirstResponse: { name: 'byFirstResponse', pk: 'gsi6pk', sk: 'gsi6sk' },
} as const;
export type IndexName = keyof typeof INDEXES;

/** Attribute definitions and indexes, in the CreateTable shape; the CDK stack and the local runtime both use it. */
export const TABLE_SCHEMA = {
  partitionKey: KEYS.pk,
  sortKey: KEYS.sk,
  ttlAttribute: KEYS.ttl,
  indexes: Object.values(INDEXES),
} as const;

/** Zero-padded so that string order is numeric order. */
export const pad = (n: number, width = 10): string => String(n).padStart(width, '0');

/**
 * Every key prefix of the table, and nothing but these: the key builders below compose them, and queries that read
 * by prefix (`begins_with`, a day range) or take an id back out of a key use them from here.
 */
export const PREFIX = {
  user: 'USER#',
  email: 'EMAIL#',
  ticket: 'TICKET#',
  comment: 'COMMENT#',
  history: 'HISTORY#',
  attachment: 'ATTACHMENT#',
  sequence: 'SEQUENCE#',
  idempotency: 'IDEMPOTENCY#',
  category: 'CATEGORY#',
  categoryName: 'CATEGORY_NAME#',
  day: 'DAY#',
  categoryDay: 'CATDAY#',
  agentDay: 'AGENTDAY#',
  agent: 'AGENT#',
  week: 'WEEK#',
  connection: 'CONNECTION#',
  userConnections: 'CONNECTIONS#',
  apiKey: 'API_KEY#',
  apiKeyHash: 'API_KEY_HASH#',
  rate: 'RATE#',
  window: 'WINDOW#',
  status: 'STATUS#',
  assignee: 'ASSIGNEE#',
  type: 'TYPE#',
  system: 'SYSTEM#',
  outboundJob: 'JOB#',
  deliveryLog: 'DELIVERY_LOG#',
  deliveryLogSlot: 'SLOT#',
  failedJobs: 'FAILED_JOBS#',
  mailAddress: 'MAIL_ADDRESS#',
  ratingLink: 'RATING_LINK#',
  inboundRefused: 'INBOUND_REFUSED#',
  mailSender: 'MAIL_SENDER#',
  mailAcknowledged: 'MAIL_ACK#',
  heldMail: 'HELD_MAIL#',
  webhook: 'WEBHOOK#',
  audit: 'AUDIT',
  auditAction: 'AUDIT_ACTION#',
  auditActor: 'AUDIT_ACTOR#',
  auditActorAction: 'AUDIT_ACTOR_ACTION#',
  signInThrottle: 'THROTTLE#',
  mfaChallenge: 'MFA_CHALLENGE#',
  term: 'TERM#',
  vocabulary: 'VOCAB#',
  ticketTerms: 'TICKET_TERMS#',
  notificationWindow: 'NOTIFY#',
  macro: 'MACRO#',
  child: 'CHILD#',
  macros: 'MACROS#',
  presence: 'PRESENCE#',
  customer: 'CUSTOMER#',
  access: 'ACCESS#',
  accessAlert: 'ACCESS_ALERT#',
  approval: 'APPROVAL#',
  approvals: 'APPROVALS#',
} as const;

export const keys = {
  user: (userId: string) => ({ pk: `${PREFIX.user}${userId}`, sk: 'PROFILE' }),
  userEmail: (email: string) => ({ pk: `${PREFIX.email}${email.toLowerCase()}`, sk: 'EMAIL' }),
  userSettings: (userId: string) => ({ pk: `${PREFIX.user}${userId}`, sk: 'SETTINGS' }),
  /** A user's two-factor sign-in: the sealed secrets, the last time step used, the recovery codes' hashes. */
  userMfa: (userId: string) => ({ pk: `${PREFIX.user}${userId}`, sk: 'MFA' }),
  /** A sign-in waiting for its second factor, by the SHA-256 of its cookie's value (docs/decisions/083). */
  mfaChallenge: (hash: string) => ({ pk: `${PREFIX.mfaChallenge}${hash}`, sk: 'CHALLENGE' }),
  /** The set of active admin ids; its size guards "never remove the last active admin" (docs/decisions/011). */
  activeAdmins: () => ({ pk: 'STAFF', sk: 'ACTIVE_ADMINS' }),

  ticket: (id: number) => ({ pk: `${PREFIX.ticket}${pad(id)}`, sk: 'TICKET' }),
  ticketComment: (id: number, at: string, commentId: string) => ({
    pk: `${PREFIX.ticket}${pad(id)}`,
    sk: `${PREFIX.comment}${at}#${commentId}`,
  }),
  ticketHistory: (id: number, at: string, entryId: string) => ({
    pk: `${PREFIX.ticket}${pad(id)}`,
    sk: `${PREFIX.history}${at}#${entryId}`,
  }),
  /** A file of a message on the ticket, or one uploaded for the next message (docs/decisions/094-attachments.md). */
  ticketAttachment: (id: number, attachmentId: string) => ({
    pk: `${PREFIX.ticket}${pad(id)}`,
    sk: `${PREFIX.attachment}${attachmentId}`,
  }),
  ticketSequence: () => ({ pk: `${PREFIX.sequence}TICKET`, sk: 'SEQUENCE' }),
  /**
   * An incident's link to one of its children, in the parent's partition (docs/data-model.md, I1-I4): the children
   * are one Query of the parent's `CHILD#` items, in ticket-number order.
   */
  incidentChild: (parentId: number, childId: number) => ({
    pk: `${PREFIX.ticket}${pad(parentId)}`,
    sk: `${PREFIX.child}${pad(childId)}`,
  }),
  /** How many children an incident has, beside its ticket item (whose whole-record writes would lose an ADD). */
  incident: (parentId: number) => ({ pk: `${PREFIX.ticket}${pad(parentId)}`, sk: 'INCIDENT' }),
  idempotency: (scope: string, key: string) => ({ pk: `${PREFIX.idempotency}${scope}#${key}`, sk: 'IDEMPOTENCY' }),
  roundRobin: () => ({ pk: 'ROUND_ROBIN', sk: 'STATE' }),
  /** Turns handed out to round-robin creates, so that they try their conditional write one after another. */
  roundRobinTurns: () => ({ pk: 'ROUND_ROBIN', sk: 'TURNS' }),

  category: (id: string) => ({ pk: `${PREFIX.category}${id}`, sk: 'CATEGORY' }),
  categoryName: (name: string) => ({ pk: `${PREFIX.categoryName}${name.toLowerCase()}`, sk: 'CATEGORY_NAME' }),

  /** A macro (docs/data-model.md, MA1-MA5); listed through byCollection under macroCollections. */
  macro: (id: string) => ({ pk: `${PREFIX.macro}${id}`, sk: 'MACRO' }),

  /** Aggregates kept exact by the ticket transactions. */
  statsTotals: () => ({ pk: 'STATS', sk: 'TOTALS' }),
  statsDay: (day: string) => ({ pk: 'STATS', sk: `${PREFIX.day}${day}` }),
  /**
   * Tickets created per category on one day: apart from the day item, whose size must not grow with the number of
   * categories (the dashboard reads up to 90 day items). `CATDAY#` sorts before `DAY#`, so no day range reads it.
   */
  statsCategoryDay: (day: string) => ({ pk: 'STATS', sk: `${PREFIX.categoryDay}${day}` }),
  /** SLA targets met and breached per agent on one day: apart from the day item for the same reason. */
  statsAgentDay: (day: string) => ({ pk: 'STATS', sk: `${PREFIX.agentDay}${day}` }),
  agentWeek: (agentId: string, week: string) => ({ pk: `${PREFIX.agent}${agentId}`, sk: `${PREFIX.week}${week}` }),

  connection: (connectionId: string) => ({ pk: `${PREFIX.connection}${connectionId}`, sk: 'CONNECTION' }),
  /**
   * One connection's presence on one ticket (docs/data-model.md, P1-P4): every entry of a ticket shares the ticket's
   * presence partition, apart from its thread so that heartbeats raise no change notices, and reads as one Query.
   */
  presence: (ticketId: number, connectionId: string) => ({
    pk: `${PREFIX.presence}${pad(ticketId)}`,
    sk: `${PREFIX.connection}${connectionId}`,
  }),

  apiKey: (id: string) => ({ pk: `${PREFIX.apiKey}${id}`, sk: 'API_KEY' }),
  apiKeyHash: (hash: string) => ({ pk: `${PREFIX.apiKeyHash}${hash}`, sk: 'API_KEY_HASH' }),
  rateWindow: (keyId: string, window: string) => ({ pk: `${PREFIX.rate}${keyId}`, sk: `${PREFIX.window}${window}` }),

  /**
   * One outbound delivery job: its claim (who is sending it, under which lease), its state (waiting, done, failed)
   * and, once parked, the job itself. Keyed by kind and job id, so a duplicate delivery finds the same item.
   */
  outboundJob: (kind: string, jobId: string) => ({ pk: `${PREFIX.outboundJob}${kind}#${jobId}`, sk: 'JOB' }),
  /** A bounded delivery log (for example a webhook's last 100 deliveries): a counter and one item per slot. */
  deliveryLogCounter: (logKey: string) => ({ pk: `${PREFIX.deliveryLog}${logKey}`, sk: 'COUNTER' }),
  deliveryLogSlot: (logKey: string, slot: number) => ({
    pk: `${PREFIX.deliveryLog}${logKey}`,
    sk: `${DELIVERY_LOG_SLOT_PREFIX}${pad(slot, 4)}`,
  }),

  /** What SES reported about a customer's address (a hard bounce, a complaint); absent while it works. */
  mailAddress: (email: string) => ({ pk: `${PREFIX.mailAddress}${email.toLowerCase()}`, sk: 'STATUS' }),
  /** A rating link that was used: each link rates once (its nonce is part of the signed token). */
  ratingLink: (ticketId: number, nonce: string) => ({
    pk: `${PREFIX.ratingLink}${pad(ticketId)}#${nonce}`,
    sk: 'RATING_LINK',
  }),
  /** How many inbound messages were refused for one reason (an auto-reply, a forged token, …). */
  inboundRefusals: (reason: string) => ({ pk: 'MAIL_COUNTERS', sk: `${PREFIX.inboundRefused}${reason}` }),
  /** New tickets one sender address opened by e-mail in one hour (docs/decisions/082). */
  newTicketWindow: (email: string, window: string) => ({
    pk: `${PREFIX.mailSender}${email.toLowerCase()}`,
    sk: `${PREFIX.window}${window}`,
  }),
  /** Acknowledgements sent to one address in one hour: the jobs that took a place (docs/decisions/082). */
  acknowledgementWindow: (email: string, window: string) => ({
    pk: `${PREFIX.mailAcknowledged}${email.toLowerCase()}`,
    sk: `${PREFIX.window}${window}`,
  }),
  /** A new message held over the per-sender limit, until an admin releases or dismisses it. */
  heldMail: (id: string) => ({ pk: `${PREFIX.heldMail}${id}`, sk: 'HELD_MAIL' }),
  /**
   * A webhook. All of them share one partition: the dispatcher reads them all with one Query per stream batch (a
   * grant limited to this partition), and there are at most WEBHOOK_LIMITS.max.
   */
  webhook: (id: string) => ({ pk: WEBHOOKS_PARTITION, sk: `${PREFIX.webhook}${id}` }),
  /** One audit entry: every entry in one partition, newest last in key order (docs/data-model.md, A1-A5). */
  auditEntry: (at: string, id: string) => ({ pk: PREFIX.audit, sk: auditIndexKeys.entry(at, id) }),

  /** Failed sign-ins of one account (by e-mail) or from one client address, with the lock they earned. */
  signInThrottle: (scope: 'account' | 'address' | 'mfa', value: string) => ({
    pk: `${PREFIX.signInThrottle}${scope}#${value.toLowerCase()}`,
    sk: 'SIGN_IN',
  }),

  /**
   * Word search (docs/decisions/090-search-by-term-index.md). A term's posting for one ticket: the term's partition
   * holds one item per ticket that contains it, sorted like the ticket lists (`<createdAt>#<id>`), newest last.
   */
  termPosting: (term: string, created: string) => ({ pk: `${PREFIX.term}${term}`, sk: created }),
  /**
   * A term of the vocabulary, with the number of tickets that hold it: grouped by the term's first character, so that
   * the completions of a prefix are one `begins_with` Query, and the rarest word of a query is known before reading.
   */
  vocabulary: (term: string) => ({ pk: `${PREFIX.vocabulary}${[...term][0] ?? ''}`, sk: term }),
  /** The terms a ticket is indexed under now: what the indexer removes when a text changes, and what search verifies. */
  ticketTerms: (id: number) => ({ pk: `${PREFIX.ticketTerms}${pad(id)}`, sk: 'TERMS' }),

  /**
   * The notification e-mail one person got about one ticket in the last window (docs/decisions/006): later alarms fold
   * into it; expires with the window.
   */
  notificationWindow: (userId: string, ticketId: number) => ({
    pk: `${PREFIX.notificationWindow}${userId}`,
    sk: `${PREFIX.ticket}${pad(ticketId)}`,
  }),

  /** Installation facts, such as when the demo data was seeded. */
  meta: (name: string) => ({ pk: 'META', sk: name }),
  /** The desk's own settings, one item for the whole help desk (absent until an admin first saves them). */
  deskSettings: () => ({ pk: 'DESK', sk: 'SETTINGS' }),
  /** The SLA policy, one item for the whole help desk (absent until an admin first saves it). */
  slaPolicy: () => ({ pk: 'DESK', sk: 'SLA_POLICY' }),
  /** A customer's anti-phishing code (docs/decisions/096-anti-phishing-code.md), by their address in lower case. */
  antiPhishingCode: (email: string) => ({ pk: `${PREFIX.customer}${email.toLowerCase()}`, sk: 'ANTI_PHISHING' }),
  /** What one staff member opened and downloaded in one clock hour (docs/decisions/097-insider-risk-alerts.md). */
  accessWindow: (userId: string, hour: string) => ({ pk: `${PREFIX.access}${userId}#${hour}`, sk: 'ACCESS' }),
  /** The one alert of one kind for one person and hour: its existence is the guard. */
  accessAlert: (userId: string, hour: string, kind: string) => ({
    pk: `${PREFIX.accessAlert}${userId}#${hour}#${kind}`,
    sk: 'GUARD',
  }),
  /** A four-eyes request (docs/data-model.md, AP1-AP5; docs/decisions/095-four-eyes-approval.md). */
  approval: (id: string) => ({ pk: `${PREFIX.approval}${id}`, sk: 'APPROVAL' }),
  /** The reply guard's terms as compliance users last saved them (absent: the defaults; docs/decisions/099). */
  guardTerms: () => ({ pk: 'DESK', sk: 'GUARD_TERMS' }),
} as const;

/** The partition of every webhook item. */
export const WEBHOOKS_PARTITION = 'WEBHOOKS';

/** Sort-key prefix of a delivery log's entries (its counter item sorts apart). */
export const DELIVERY_LOG_SLOT_PREFIX = PREFIX.deliveryLogSlot;
/** The ticket number in a ticket's partition key (`TICKET#0000000042` → 42); undefined for any other value. */
export function ticketIdOfKey(pk: unknown): number | undefined {
  if (typeof pk !== 'string' || !pk.startsWith(PREFIX.ticket)) return undefined;
  const digits = pk.slice(PREFIX.ticket.length);
  return /^\d+$/.test(digits) ? Number(digits) : undefined;
}

/** The ticket number in a ticket term list's partition key (`TICKET_TERMS#0000000042` → 42); undefined otherwise. */
export function ticketIdOfTermsKey(pk: unknown): number | undefined {
  if (typeof pk !== 'string' || !pk.startsWith(PREFIX.ticketTerms)) return undefined;
  return ticketIdOfKey(`${PREFIX.ticket}${pk.slice(PREFIX.ticketTerms.length)}`);
}

/** The sort-key prefixes of the items that share a ticket's partition, for reading one kind of them. */
export const TICKET_THREAD_PREFIXES = {
  comments: PREFIX.comment,
  history: PREFIX.history,
  attachments: PREFIX.attachment,
  children: PREFIX.child,
} as const;

/** Whose an Idempotency-Key is: a key is only ever matched against the same caller's earlier requests. */
export const idempotencyScope = {
  staff: (userId: string) => `${PREFIX.user}${userId}`,
  apiKey: (keyId: string) => `${PREFIX.apiKey}${keyId}`,
  /** Trusted code inside the system (an inbound channel), by its actor id. */
  system: (actorId: string) => `${PREFIX.system}${actorId}`,
} as const;

/** The agent id in the partition key of an agent-week item. */
export const agentIdOfWeekKey = (pk: string): string => pk.slice(PREFIX.agent.length);

/** byAssignee partition of a user's WebSocket connections (beside the tickets' `ASSIGNEE#` partitions). */
export const connectionIndexKeys = {
  user: (userId: string) => `${PREFIX.userConnections}${userId}`,
} as const;

/** Partition values of the byCollection index. */
export const COLLECTIONS = {
  tickets: 'TICKETS',
  staff: 'STAFF',
  categories: 'CATEGORIES',
  apiKeys: 'API_KEYS',
} as const;

/**
 * byCollection partitions of the macros, each ordered by lower-case title: the shared ones in one, each staff member's
 * own in theirs. A staff member's list is these two Queries, bounded by what people wrote by hand.
 */
export const macroCollections = {
  shared: `${PREFIX.macros}SHARED`,
  owner: (userId: string) => `${PREFIX.macros}${PREFIX.user}${userId}`,
  sortKey: (title: string, id: string) => `${title.toLowerCase()}#${id}`,
} as const;

/**
 * byCollection partitions of the four-eyes requests: the pending ones ordered by `<createdAt>#<id>`; a decision moves
 * the item to the decided one, ordered by `<decidedAt>#<id>` (docs/data-model.md, AP2-AP3).
 */
export const approvalCollections = {
  pending: `${PREFIX.approvals}PENDING`,
  decided: `${PREFIX.approvals}DECIDED`,
  sortKey: (at: string, id: string) => `${at}#${id}`,
} as const;

/** byCollection partition of the mail held over the per-sender limit, ordered by `<receivedAt>#<id>`. */
export const HELD_MAIL_COLLECTION = 'HELD_MAIL';

/**
 * byCollection partition of the replies the reply guard holds for a compliance user, ordered by
 * `<heldAt>#<ticket>#<commentId>` (docs/decisions/099-reply-guard.md): only a comment still held carries it.
 */
export const HELD_REPLIES_COLLECTION = 'HELD_REPLIES';
export const heldReplySortKey = (heldAt: string, ticketId: number, commentId: string): string =>
  `${heldAt}#${pad(ticketId)}#${commentId}`;

/** byCollection partition of one kind's parked (failed) jobs, ordered by `<parkedAt>#<jobId>`. */
export const failedJobsCollection = (kind: string): string => `${PREFIX.failedJobs}${kind}`;

/**
 * Index key values of a ticket. Lists sort newest first on `createdAt#id`; the clock indexes (byDeadline,
 * byFirstResponse) hold only unresolved tickets, sorted on `<due time>#id`.
 */
export const ticketIndexKeys = {
  created: (createdAt: string, id: number) => `${createdAt}#${pad(id)}`,
  status: (status: string) => `${PREFIX.status}${status}`,
  assignee: (userId: string) => `${PREFIX.assignee}${userId}`,
  type: (type: string) => `${PREFIX.type}${type}`,
  deadline: (deadline: string, id: number) => `${deadline}#${pad(id)}`,
  /** Every deadline-index sort key of a deadline at or before `iso` sorts at or before this. */
  deadlineUpTo: (iso: string) => `${iso}#~`,
} as const;

/**
 * Index keys of an audit entry: its time and id sort every partition chronologically; the action filter uses
 * byStatus, the actor filter byAssignee, both together byType (overloaded by prefix, beside the tickets' keys).
 */
export const auditIndexKeys = {
  entry: (at: string, id: string) => `${at}#${id}`,
  action: (action: string) => `${PREFIX.auditAction}${action}`,
  actor: (actorId: string) => `${PREFIX.auditActor}${actorId}`,
  actorAction: (actorId: string, action: string) => `${PREFIX.auditActorAction}${actorId}#${action}`,
} as const;

/** byAssignee partition of the tickets waiting for an agent, beside the `ASSIGNEE#` partitions (no assignee, no clash). */
export const ROUTING_QUEUE = 'ROUTING_QUEUE';

/** Partition values of the byDeadline and byFirstResponse indexes (docs/decisions/005-sla-clocks.md). */
export const DEADLINE_PARTITIONS = { warn: 'WARN', due: 'DUE', overdue: 'OVERDUE' } as const;
