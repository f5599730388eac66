/**
 * What each function may do to the table and to Cognito, in one place (least privilege, ADR 063). Each
 * entry names the code that needs it. The DynamoDB actions follow the calls the code makes: GetItem, Query,
 * BatchGetItem, PutItem, UpdateItem, DeleteItem, and TransactWriteItems, which IAM checks item by item as PutItem,
 * UpdateItem, DeleteItem and ConditionCheckItem. No function may Scan, and none holds BatchWriteItem (only the
 * benchmark's bulk import uses it, with its own credentials).
 *
 * When code starts making a new call, its function's entry here must grow, or AWS refuses the call
 * (AccessDenied → a 500) while the embedded runtime, which has no IAM, still works: infra/grants.test.ts states
 * every function's actions, so that a change here is a deliberate one.
 */
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { AppSecret } from './app-secret.ts';
import { INDEXES, type IndexName, keys, PREFIX } from '#functions/data/table.ts';
import { HTTP_GROUPS, type HttpGroup } from '#functions/api/routes.ts';

export type TableAction =
  | 'GetItem'
  | 'BatchGetItem'
  | 'Query'
  | 'PutItem'
  | 'UpdateItem'
  | 'DeleteItem'
  | 'ConditionCheckItem';

export interface TableGrant {
  actions: readonly TableAction[];
  /** Where: the base table and/or indexes (indexes only serve Query). The base table when left out. */
  on?: ReadonlyArray<'table' | IndexName>;
  /** Only items whose partition key matches one of these patterns (IAM's `dynamodb:LeadingKeys`). */
  partitions?: readonly string[];
  /** Which code makes these calls. */
  why: string;
}

/** Every function of the stack that touches the table. */
export type FunctionName =
  | HttpGroup
  | 'wsAuthorizer'
  | 'wsConnect'
  | 'wsDisconnect'
  | 'wsDefault'
  | 'overdueJob'
  | 'notifierJob'
  | 'indexerJob'
  | 'autoAwayJob'
  | 'routerJob'
  | 'inboundMailJob'
  | 'mailEventsJob'
  | 'outboxJob'
  | 'scanResultsJob';

/** `PREFIX#*`: every partition a key builder makes, from the one key module (so no prefix is written twice). */
const partitionsOf = (key: { pk: string }): string => key.pk;
const USERS = partitionsOf(keys.user('*'));
const CONNECTIONS = partitionsOf(keys.connection('*'));
const RATE_WINDOWS = partitionsOf(keys.rateWindow('*', ''));
const API_KEYS = partitionsOf(keys.apiKey('*'));
const WEBHOOKS = partitionsOf(keys.webhook('*'));
const DELIVERY_LOGS = partitionsOf(keys.deliveryLogCounter('*'));
const TICKETS = `${PREFIX.ticket}*`;
const STATS = partitionsOf(keys.statsTotals());
const AGENT_WEEKS = partitionsOf(keys.agentWeek('*', ''));
const RATING_LINKS = `${PREFIX.ratingLink}*`;
const MAIL_ADDRESSES = `${PREFIX.mailAddress}*`;
const HELD_MAIL = partitionsOf(keys.heldMail('*'));
const ACKNOWLEDGEMENT_WINDOWS = partitionsOf(keys.acknowledgementWindow('*', ''));
const DESK_SETTINGS = partitionsOf(keys.deskSettings());
const MAIL_JOBS = partitionsOf(keys.outboundJob('mail', '*'));
const AUDIT = partitionsOf(keys.auditEntry('*', '*'));
const THROTTLES = `${PREFIX.signInThrottle}*`;
const MFA_CHALLENGES = `${PREFIX.mfaChallenge}*`;
const TERM_POSTINGS = `${PREFIX.term}*`;
const VOCABULARY = `${PREFIX.vocabulary}*`;
const TICKET_TERMS = `${PREFIX.ticketTerms}*`;
const NOTIFICATION_WINDOWS = `${PREFIX.notificationWindow}*`;
const MACROS = partitionsOf(keys.macro('*'));
const PRESENCE = `${PREFIX.presence}*`;
const APPROVALS = partitionsOf(keys.approval('*'));

/** Every function whose actions the audit log records appends entries, and nothing else of the log (ADR 072). */
const AUDIT_APPEND: TableGrant = {
  actions: ['PutItem'],
  partitions: [AUDIT],
  why: 'data/audit.ts recordAudit / auditEntryItem: the entry, in the transaction of the action it records',
};

/**
 * What functions/http/handler.ts does before any route of any group runs: a Bearer caller's key is looked up, counted
 * in its rate window and stamped with lastUsedAt (even on routes keys may not call, which then answer 403); a
 * cookie caller's directory item is read.
 */
const AUTHENTICATION: readonly TableGrant[] = [
  {
    actions: ['GetItem'],
    why: 'data/api-keys.ts findActiveApiKey reads the key-hash item; use-cases/auth/authenticate.ts the caller’s directory item and, for one without two-factor sign-in, the desk settings (ADR 083)',
  },
  {
    actions: ['UpdateItem'],
    partitions: [RATE_WINDOWS, API_KEYS],
    why: 'data/rate-limit.ts countApiKeyCall (rate window), data/api-keys.ts recordApiKeyUse (lastUsedAt on the key item), ADR 030',
  },
];

export const TABLE_GRANTS: Readonly<Record<FunctionName, readonly TableGrant[]>> = {
  // Sign-in, session and sign-out read the directory; Cognito's public (unsigned) calls need no IAM.
  auth: [
    ...AUTHENTICATION,
    {
      actions: ['UpdateItem'],
      partitions: [USERS],
      why: 'data/users.ts sessionsWrite: sign-in opens a session, sign-out ends it (ADR 070); data/mfa.ts totpStepUse, recoveryCodeUse: a sign-in’s code is used up (ADR 083)',
    },
    {
      actions: ['BatchGetItem', 'UpdateItem', 'DeleteItem'],
      partitions: [THROTTLES],
      why: 'data/sign-in-throttle.ts: read, count and clear failed sign-ins per account and address (ADR 071), and wrong two-factor codes per user (ADR 083)',
    },
    {
      actions: ['PutItem', 'DeleteItem'],
      partitions: [MFA_CHALLENGES],
      why: 'data/mfa.ts putMfaChallenge, mfaChallengeConsume: a sign-in waiting for its code (ADR 083)',
    },
    AUDIT_APPEND,
  ],
  // The OpenAPI document is built from code; only authentication touches the table.
  meta: AUTHENTICATION,
  dashboard: [
    ...AUTHENTICATION,
    {
      actions: ['Query'],
      on: ['table', 'byCollection'],
      why: 'data/stats.ts listDayStats and listAgentDayStats: the per-day aggregate items (getTotals is a GetItem); listStaff (SLA attainment per agent) through byCollection',
    },
  ],
  analytics: [
    ...AUTHENTICATION,
    {
      actions: ['Query'],
      on: ['table', 'byCollection'],
      why: 'data/stats.ts per-day and per-category-day items; listStaff and listCategories through byCollection',
    },
    { actions: ['BatchGetItem'], why: 'data/agent-weeks.ts listAgentWeeks: one week item per agent' },
  ],
  staff: [
    ...AUTHENTICATION,
    {
      actions: ['Query'],
      on: ['byCollection', 'byAssignee'],
      why: 'data/users.ts listStaff, data/categories.ts listCategories (routing); data/tickets/queue.ts the routing queue',
    },
    { actions: ['BatchGetItem'], why: 'data/agent-weeks.ts listAgentWeeks for the staff list' },
    {
      actions: ['PutItem', 'UpdateItem'],
      why: 'data/users.ts putNewUser (e-mail claim, directory item, admin set), the role/deactivation transactions and the password reset that ends every session, routingWrite (ADR 006); their audit entries; data/approvals.ts approvalPut: a request held for a second admin (ADR 095)',
    },
    {
      actions: ['DeleteItem'],
      partitions: [USERS],
      why: 'data/mfa.ts mfaDisableWrites: an admin turns off another user’s two-factor sign-in (ADR 083, ADR 095)',
    },
  ],
  categories: [
    ...AUTHENTICATION,
    { actions: ['Query'], on: ['byCollection'], why: 'data/categories.ts listCategories' },
    {
      actions: ['PutItem', 'UpdateItem', 'DeleteItem'],
      why: 'data/categories.ts create, rename (name claims move) and delete transactions (ADR 013)',
    },
  ],
  settings: [
    ...AUTHENTICATION,
    { actions: ['PutItem'], partitions: [USERS], why: 'data/settings.ts putUserSettings: the caller’s settings item' },
    {
      actions: ['PutItem'],
      partitions: [DESK_SETTINGS],
      why: 'data/settings.ts deskSettingsPut: the desk’s settings item, in the transaction of its audit entry',
    },
    {
      actions: ['PutItem'],
      partitions: [APPROVALS],
      why: 'data/approvals.ts approvalPut: a change that lowers the desk’s security, held for a second admin (ADR 095)',
    },
    {
      actions: ['UpdateItem'],
      partitions: [USERS],
      why: 'data/users.ts sessionsWrite: a password change ends the caller’s other sessions (ADR 070); setAvailability (ADR 006); data/mfa.ts: two-factor enrolment and the directory item’s flag (ADR 083)',
    },
    {
      actions: ['DeleteItem'],
      partitions: [USERS],
      why: 'data/mfa.ts mfaDisableWrites: turning two-factor sign-in off forgets its item (ADR 083)',
    },
    {
      actions: ['BatchGetItem', 'UpdateItem', 'DeleteItem'],
      partitions: [THROTTLES],
      why: 'data/sign-in-throttle.ts: wrong two-factor codes of enrolment, counted and cleared per user and address (ADR 083)',
    },
    AUDIT_APPEND,
  ],
  audit: [
    ...AUTHENTICATION,
    {
      actions: ['Query'],
      on: ['table', 'byStatus', 'byAssignee', 'byType'],
      why: 'data/audit.ts listAuditEntries: the log’s partition, or the index of its action / actor / both filters',
    },
  ],
  apiKeys: [
    ...AUTHENTICATION,
    { actions: ['Query'], on: ['byCollection'], why: 'data/api-keys.ts listApiKeys' },
    { actions: ['PutItem', 'UpdateItem'], why: 'data/api-keys.ts createApiKey and revokeApiKey transactions' },
  ],
  tickets: [
    ...AUTHENTICATION,
    {
      actions: ['Query'],
      on: ['table', 'byCollection', 'byStatus', 'byAssignee', 'byType', 'byDeadline', 'byCustomer', 'byFirstResponse'],
      why: 'data/tickets/queries.ts listTickets (by the most selective index), thread and history (base table), overdue list, round-robin staff list',
    },
    {
      actions: ['PutItem', 'UpdateItem', 'ConditionCheckItem'],
      why: 'data/tickets/writes.ts ticket transactions (ticket, history, comment, aggregates, category usage, round robin, idempotency claim, assignee check, a macro’s use count), ticket numbers and round-robin turns',
    },
    {
      actions: ['BatchGetItem'],
      partitions: [TICKETS, TICKET_TERMS],
      why: 'data/tickets/search.ts searchTickets: the candidates’ tickets and term lists (ADR 090); data/tickets/incidents.ts listChildren: an incident’s children',
    },
    {
      actions: ['DeleteItem'],
      partitions: [TICKETS],
      why: 'data/tickets/incidents.ts childUnlinkWrites: a child’s link leaves its incident’s partition, in the child’s ticket transaction',
    },
  ],
  macros: [
    ...AUTHENTICATION,
    {
      actions: ['Query'],
      on: ['byCollection'],
      why: 'data/macros.ts listMacros: the shared macros and the caller’s own (getMacro and the preview’s ticket are GetItems)',
    },
    {
      actions: ['PutItem', 'UpdateItem', 'DeleteItem'],
      partitions: [MACROS],
      why: 'data/macros.ts putNewMacro, updateMacro, deleteMacro',
    },
  ],
  mail: [
    ...AUTHENTICATION,
    {
      actions: ['Query'],
      on: ['table', 'byCollection'],
      why: 'data/mail.ts listInboundRefusals (the counters partition); data/outbound-jobs.ts listFailedJobs (FAILED_JOBS#mail)',
    },
    {
      actions: ['UpdateItem'],
      partitions: [MAIL_JOBS],
      why: 'outbound/sender.ts retryFailedDelivery: reopenFailedJob, and its undo when the job cannot be queued',
    },
    {
      actions: ['PutItem', 'UpdateItem', 'ConditionCheckItem'],
      why: 'use-cases/mail/manage-mail.ts releaseHeldMail: the createTicket transaction (ticket, history, aggregates, category usage, round robin, idempotency claim), ticket numbers and round-robin turns',
    },
    {
      actions: ['DeleteItem'],
      partitions: [HELD_MAIL],
      why: 'data/held-mail.ts heldMailRemoval: a held message leaves the list when released or dismissed (ADR 082)',
    },
    AUDIT_APPEND,
  ],
  rating: [
    ...AUTHENTICATION,
    {
      actions: ['PutItem', 'UpdateItem'],
      partitions: [TICKETS, STATS, AGENT_WEEKS, RATING_LINKS],
      why: 'use-cases/tickets/rate-ticket.ts from a rating link: the ticket, its history, the day and agent-week counters, the link’s use; use-cases/mail/file-link.ts: the history entry of a download through a file link',
    },
  ],
  webhooks: [
    ...AUTHENTICATION,
    {
      actions: ['Query'],
      partitions: [WEBHOOKS, DELIVERY_LOGS],
      why: 'data/webhooks.ts listWebhooks; data/delivery-log.ts listDeliveryLog (a webhook’s last 100 deliveries)',
    },
    {
      actions: ['PutItem', 'UpdateItem', 'DeleteItem'],
      partitions: [WEBHOOKS],
      why: 'data/webhooks.ts putNewWebhook, webhookTargetWrite, requestWebhookPing (the stream plans the ping), deleteWebhook',
    },
    {
      actions: ['PutItem'],
      partitions: [APPROVALS],
      why: 'data/approvals.ts approvalPut: a new webhook or URL held for a second admin (ADR 095)',
    },
    AUDIT_APPEND,
  ],
  // Four-eyes approval (ADR 095): the requests, and each held action when a second admin approves it.
  approvals: [
    ...AUTHENTICATION,
    {
      actions: ['Query'],
      on: ['table', 'byCollection'],
      why: 'data/approvals.ts listPendingApprovals, listRecentApprovals (byCollection); data/webhooks.ts listWebhooks (a new webhook counts them)',
    },
    {
      actions: ['PutItem', 'UpdateItem'],
      why: 'the approved actions: data/users.ts putNewUser, writeStaffStatus, endAllSessions; data/api-keys.ts createApiKey; data/webhooks.ts putNewWebhook, webhookTargetWrite; data/settings.ts deskSettingsPut; the attachment removal with its history; data/approvals.ts the decision and takeApprovalSecret; their audit entries',
    },
    {
      actions: ['DeleteItem'],
      partitions: [USERS],
      why: 'data/mfa.ts mfaDisableWrites: an approved reset of another user’s two-factor sign-in',
    },
  ],
  // The reply guard (ADR 099): held replies released or returned, and the guard's terms.
  compliance: [
    ...AUTHENTICATION,
    {
      actions: ['Query'],
      on: ['table', 'byCollection'],
      why: 'data/held-replies.ts listHeldReplies (byCollection HELD_REPLIES); data/tickets/thread.ts findComment (a ticket’s thread)',
    },
    {
      actions: ['PutItem', 'UpdateItem', 'ConditionCheckItem'],
      partitions: [TICKETS, STATS, AGENT_WEEKS],
      why: 'use-cases/compliance/reply-guard.ts releaseHeldReply: the reply, the ticket, its history and aggregates; returnHeldReply: the note’s decision (ADR 099)',
    },
    {
      actions: ['DeleteItem'],
      partitions: [TICKETS],
      why: 'data/held-replies.ts heldReplyRemoval: the held note leaves the thread as it becomes the reply (ADR 099)',
    },
    {
      actions: ['PutItem'],
      partitions: [DESK_SETTINGS],
      why: 'data/held-replies.ts guardTermsPut: the reply guard’s terms, in the transaction of their audit entry (ADR 099)',
    },
    AUDIT_APPEND,
  ],
  wsAuthorizer: [
    {
      actions: ['GetItem'],
      partitions: [USERS, DESK_SETTINGS],
      why: 'ws/authorizer.ts authenticateStaff: the directory item and, for a user without two-factor sign-in, the desk settings',
    },
  ],
  wsConnect: [{ actions: ['PutItem'], partitions: [CONNECTIONS], why: 'ws/connect.ts putConnection' }],
  wsDisconnect: [
    { actions: ['DeleteItem'], partitions: [CONNECTIONS], why: 'ws/disconnect.ts deleteConnection' },
    { actions: ['UpdateItem'], partitions: [USERS], why: 'data/users.ts noteSocketClosed, for auto-away (ADR 006)' },
    {
      actions: ['Query', 'DeleteItem'],
      partitions: [PRESENCE],
      why: 'use-cases/tickets/presence.ts leaveTickets: the connection’s entries go, the others on each ticket are read',
    },
  ],
  wsDefault: [
    {
      actions: ['UpdateItem'],
      partitions: [CONNECTIONS],
      why: 'ws/default.ts subscribeConnection; data/connections.ts trackPresenceTicket (the tickets it is present on)',
    },
    {
      actions: ['Query', 'UpdateItem', 'DeleteItem'],
      partitions: [PRESENCE],
      why: 'use-cases/tickets/presence.ts updatePresence: the entry noted, named or removed, the ticket’s entries read',
    },
    {
      actions: ['GetItem'],
      partitions: [USERS],
      why: 'use-cases/tickets/presence.ts updatePresence: the name (and whether still active) of a new entry’s author',
    },
  ],
  overdueJob: [
    { actions: ['Query'], on: ['byDeadline', 'byFirstResponse'], why: 'jobs/overdue.ts listClockPartition' },
    {
      actions: ['GetItem', 'PutItem', 'UpdateItem', 'ConditionCheckItem'],
      why: 'use-cases/tickets/mark-overdue.ts markTicketOverdue: read the ticket, then the ticket, history and aggregates transaction',
    },
  ],
  scanResultsJob: [
    {
      actions: ['GetItem', 'PutItem', 'UpdateItem', 'ConditionCheckItem'],
      partitions: [TICKETS, STATS, AGENT_WEEKS],
      why: 'use-cases/tickets/scan-results.ts recordScanResult: read the file and its ticket, record the verdict; for malware, the ticket, history and aggregates transaction (ADR 094)',
    },
  ],
  inboundMailJob: [
    {
      actions: ['GetItem'],
      why: 'use-cases/mail/receive-mail.ts: the ticket a reply names, categories, staff and round-robin state, idempotency records, the desk settings and the sender’s count of new tickets',
    },
    {
      actions: ['Query'],
      on: ['byCollection'],
      why: 'listCategories (the category of an e-mail ticket) and listStaff (round robin)',
    },
    {
      actions: ['PutItem', 'UpdateItem', 'ConditionCheckItem'],
      why: 'createTicket and addCustomerMessage transactions (ticket, comment, history, aggregates, category usage, round robin, idempotency claim, the sender’s count), ticket numbers, the refusal counters, held mail (ADR 082)',
    },
    {
      actions: ['DeleteItem'],
      partitions: [MAIL_ADDRESSES],
      why: 'data/mail.ts clearAddressStatus: the address works again once its owner writes in',
    },
  ],
  mailEventsJob: [
    {
      actions: ['PutItem'],
      partitions: [MAIL_ADDRESSES],
      why: 'data/mail.ts markAddressUndeliverable: a hard bounce or a complaint',
    },
  ],
  autoAwayJob: [
    {
      actions: ['GetItem'],
      partitions: [DESK_SETTINGS],
      why: 'use-cases/routing/availability.ts sweepAutoAway: the desk settings (auto-away on or off)',
    },
    {
      actions: ['Query'],
      on: ['byCollection', 'byAssignee'],
      why: 'use-cases/routing/availability.ts sweepAutoAway: the staff, and the connections of those quiet long enough',
    },
    { actions: ['UpdateItem'], partitions: [USERS], why: 'data/users.ts setAvailability: away (ADR 006)' },
  ],
  routerJob: [
    {
      actions: ['Query'],
      on: ['byCollection', 'byAssignee'],
      why: 'use-cases/routing/route-waiting.ts: the routing queue (byAssignee) and the staff who may take its head',
    },
    {
      actions: ['GetItem', 'PutItem', 'UpdateItem'],
      why: 'route-waiting.ts: the ticket and the round-robin state, then the assignment transaction (ticket, history, aggregates, round robin, the agent’s counter) and turns',
    },
  ],
  // The webhook planner reads the webhooks once per batch (ADR 052); no other planner reads anything.
  outboxJob: [
    { actions: ['Query'], partitions: [WEBHOOKS], why: 'outbound/webhook-planner.ts listWebhooks' },
    {
      actions: ['BatchGetItem'],
      partitions: [TICKETS],
      why: 'outbound/incident-planner.ts incidentsAmong: which tickets a batch resolved have children (ADR 093)',
    },
  ],
  // The term index of word search (ADR 090): postings, vocabulary counts, each ticket's term list; the ticket's creation.
  indexerJob: [
    {
      actions: ['GetItem'],
      partitions: [TICKETS, TICKET_TERMS],
      why: 'data/search-index.ts readTicketTerms; use-cases/tickets/index-for-search.ts getTicket for a message',
    },
    {
      actions: ['PutItem', 'DeleteItem'],
      partitions: [TERM_POSTINGS],
      why: 'data/search-index.ts movePosting: a posting in or out',
    },
    {
      actions: ['UpdateItem'],
      partitions: [VOCABULARY, TICKET_TERMS],
      why: 'data/search-index.ts: a term’s ticket count, a ticket’s term list',
    },
  ],
  notifierJob: [
    {
      actions: ['Query'],
      on: ['byCollection', 'byAssignee'],
      why: 'jobs/notifier.ts: the staff and their sessions, recipients’ connections, all of a user’s once sessions end',
    },
    {
      actions: ['GetItem'],
      why: 'jobs/notifier.ts: each recipient’s alarm settings; a user’s sessions as they are now (ADR 070)',
    },
    {
      actions: ['DeleteItem'],
      partitions: [CONNECTIONS],
      why: 'jobs/notifier.ts: forget a connection answered 410 Gone, or closed because its session ended (ADR 070)',
    },
  ],
};

/** What every sender does with the table (functions/outbound/sender.ts): claim and settle its own kind's jobs, log them. */
const senderBookkeeping = (kind: string): TableGrant[] => [
  {
    actions: ['GetItem', 'UpdateItem'],
    partitions: [partitionsOf(keys.outboundJob(kind, '*'))],
    why: 'data/outbound-jobs.ts claimJob (a consistent read when refused) and the outcome: done, waiting, parked',
  },
  {
    actions: ['PutItem', 'UpdateItem'],
    partitions: [DELIVERY_LOGS],
    why: 'data/delivery-log.ts recordDeliveryLogEntry: the log’s counter and the job’s slot',
  },
];

/** Each kind's sender (QUEUE_KINDS): its bookkeeping and what its `send` reads and writes. */
export function senderGrants(kind: string): TableGrant[] {
  const own: Record<string, TableGrant[]> = {
    mail: [
      {
        actions: ['GetItem'],
        why: 'use-cases/mail/deliver-mail.ts: the ticket, its customer address status, each notified person’s settings; reply-files.ts: each file of a reply',
      },
      {
        actions: ['Query'],
        on: ['byCollection', 'byAssignee'],
        why: 'deliver-mail.ts fanOutNotifications: listStaffRecords, and each recipient’s open sockets (ADR 006)',
      },
      {
        actions: ['PutItem', 'UpdateItem'],
        partitions: [NOTIFICATION_WINDOWS],
        why: 'data/notification-windows.ts: one notification e-mail per person and ticket per window (ADR 006)',
      },
      {
        actions: ['PutItem'],
        partitions: [TICKETS],
        why: 'data/mail.ts recordMailHistory: the history entry of each e-mail',
      },
      {
        actions: ['UpdateItem'],
        partitions: [ACKNOWLEDGEMENT_WINDOWS],
        why: 'data/mail-limits.ts takeAcknowledgementPlace: an address’s acknowledgements this hour (ADR 082)',
      },
    ],
    incident: [
      {
        actions: ['GetItem'],
        partitions: [TICKETS, USERS, MACROS],
        why: 'use-cases/tickets/incident-fan-out.ts: each child, the person who resolved the incident, the macro a reply was sent from',
      },
      {
        actions: ['Query'],
        partitions: [TICKETS],
        why: 'data/tickets/incidents.ts listChildIds: the incident’s children, from its partition',
      },
      {
        actions: ['PutItem', 'UpdateItem', 'ConditionCheckItem'],
        why: 'data/tickets/writes.ts: each child’s ticket transaction (ticket, history, comment, aggregates, the assignee’s counter, the job’s idempotency claim)',
      },
    ],
    webhook: [
      {
        actions: ['GetItem'],
        partitions: [WEBHOOKS, TICKETS],
        why: 'use-cases/webhooks/deliver-webhook.ts: the webhook (URL, sealed secret, health) and, for a message event, its ticket',
      },
      {
        actions: ['UpdateItem'],
        partitions: [WEBHOOKS],
        why: 'data/webhooks.ts recordWebhookFailing, recordWebhookAnswering, disableWebhook',
      },
    ],
  };
  return [...senderBookkeeping(kind), ...(own[kind] ?? [])];
}

/** Cognito admin calls, by function; every other function makes only public, unsigned calls (or none). */
/** A grant on the attachments bucket: object actions under key prefixes (infra/constructs/attachments.ts). */
export interface BucketGrant {
  actions: ReadonlyArray<'GetObject' | 'PutObject' | 'DeleteObject'>;
  prefixes: ReadonlyArray<'uploads/' | 'tickets/'>;
  why: string;
}

/**
 * What each function may do in the attachments bucket (ADR 094). Presigned URLs act with the signer's rights, so the
 * upload form and the download link need the PutObject and GetObject they stand for. A function holding GetObject
 * also gets ListBucket, so that a missing object answers 404 rather than 403.
 */
export const ATTACHMENT_GRANTS: Readonly<Partial<Record<FunctionName | 'mailSender', readonly BucketGrant[]>>> = {
  tickets: [
    {
      actions: ['PutObject'],
      prefixes: ['uploads/'],
      why: 'lib/attachment-store.ts presignUpload: the browser’s or the upstream system’s POST of an announced file',
    },
    {
      actions: ['GetObject', 'PutObject', 'DeleteObject'],
      prefixes: ['uploads/', 'tickets/'],
      why: 'use-cases/tickets/attachments.ts: read an upload to judge it, copy it under its ticket (CopyObject), delete the upload; presigned downloads; an admin’s removal',
    },
  ],
  rating: [
    {
      actions: ['GetObject'],
      prefixes: ['tickets/'],
      why: 'use-cases/mail/file-link.ts: the presigned download a customer’s file link redirects to',
    },
  ],
  mailSender: [
    {
      actions: ['GetObject'],
      prefixes: ['tickets/'],
      why: 'use-cases/mail/reply-files.ts: the bytes of a reply’s files, carried in its e-mail',
    },
  ],
  approvals: [
    {
      actions: ['DeleteObject'],
      prefixes: ['tickets/'],
      why: 'use-cases/tickets/attachments.ts removeAttachment: a file’s bytes, once its removal was approved (ADR 095)',
    },
  ],
  inboundMailJob: [
    {
      actions: ['PutObject', 'DeleteObject'],
      prefixes: ['tickets/'],
      why: 'use-cases/mail/mail-files.ts: a customer e-mail’s kept files under their ticket, deleted again when the message is not written',
    },
  ],
};

export const COGNITO_GRANTS: Readonly<Partial<Record<FunctionName, readonly string[]>>> = {
  staff: [
    // POST /api/users (use-cases/staff/create-staff-account.ts): create with a permanent password, undone if the directory write fails.
    'cognito-idp:AdminCreateUser',
    'cognito-idp:AdminSetUserPassword',
    'cognito-idp:AdminDeleteUser',
    // DELETE /api/users/{id}: refuse sign-in and revoke refresh tokens (ADR 010).
    'cognito-idp:AdminDisableUser',
    'cognito-idp:AdminUserGlobalSignOut',
  ],
  // POST /api/user/change-password: the user's other sessions end, their refresh tokens too (ADR 070).
  settings: ['cognito-idp:AdminUserGlobalSignOut'],
  // An approved new admin or password reset (ADR 095): as POST /api/users and PUT /api/users/{id}/password do.
  approvals: [
    'cognito-idp:AdminCreateUser',
    'cognito-idp:AdminSetUserPassword',
    'cognito-idp:AdminDeleteUser',
    'cognito-idp:AdminUserGlobalSignOut',
  ],
};

/** The ARN a grant's `on` entry stands for. */
function resourceArn(table: ITable, target: 'table' | IndexName): string {
  return target === 'table' ? table.tableArn : `${table.tableArn}/index/${INDEXES[target].name}`;
}

/** Adds one statement per grant to the function's role: exactly those actions, on exactly those resources. */
export function grantTable(grantee: IGrantable, table: ITable, grants: readonly TableGrant[]): void {
  for (const grant of grants) {
    if (grant.on?.some((target) => target !== 'table') && grant.actions.some((action) => action !== 'Query')) {
      throw new Error(`Indexes serve Query only; a grant lists ${grant.actions.join(', ')} on ${grant.on.join(', ')}`);
    }
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: grant.actions.map((action) => `dynamodb:${action}`),
        resources: (grant.on ?? ['table']).map((target) => resourceArn(table, target)),
        ...(grant.partitions
          ? { conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...grant.partitions] } } }
          : {}),
      }),
    );
  }
}

/** Grants a function its table actions and, if it has any, its Cognito admin actions on the user pool. */
/**
 * Functions that sign, check or seal with the application secret (functions/lib/secrets.ts): every HTTP group (list
 * cursors, public links, sealed webhook secrets, session checks) and the WebSocket authorizer (session checks). The
 * outbound functions are granted by their construct.
 */
export const APP_SECRET_READERS: ReadonlySet<FunctionName> = new Set<FunctionName>([
  ...HTTP_GROUPS,
  'wsAuthorizer',
  // Reply addresses are checked with it.
  'inboundMailJob',
]);

export function grantFunction(
  name: FunctionName,
  grantee: IGrantable,
  resources: { table: ITable; userPool?: IUserPool; appSecret?: AppSecret },
): void {
  grantTable(grantee, resources.table, TABLE_GRANTS[name]);
  if (APP_SECRET_READERS.has(name)) {
    if (!resources.appSecret) throw new Error(`${name} needs the application secret`);
    resources.appSecret.grantRead(grantee);
  }
  const cognito = COGNITO_GRANTS[name];
  if (cognito?.length) {
    if (!resources.userPool) throw new Error(`${name} needs the user pool for its Cognito grants`);
    resources.userPool.grant(grantee, ...cognito);
  }
}
