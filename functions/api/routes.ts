/**
 * The one route table. The CDK stack creates an HTTP API route per entry and points it at the Lambda
 * of the entry's group; the embedded gateway matches requests against the same entries. A route exists
 * in both runtimes or in neither.
 *
 * This module is data only (no handler imports) so that the CDK app and the gateway can load it cheaply.
 */
import type { ApiKeyScope } from '#shared/constants.ts';
import type { RetryPolicy } from '../domain/outbound.ts';

export const HTTP_GROUPS = [
  'auth',
  'tickets',
  'dashboard',
  'analytics',
  'staff',
  'categories',
  'macros',
  'settings',
  'apiKeys',
  'webhooks',
  'audit',
  'meta',
  'mail',
  'rating',
  'approvals',
  'compliance',
] as const;
export type HttpGroup = (typeof HTTP_GROUPS)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRoute {
  method: HttpMethod;
  /** API Gateway path syntax: `{name}` is a path parameter. */
  path: string;
  group: HttpGroup;
  /** The API-key scope that may call this route; absent means staff only (or public). */
  apiKeyScope?: ApiKeyScope;
}

const r = (method: HttpMethod, path: string, group: HttpGroup, apiKeyScope?: ApiKeyScope): HttpRoute => ({
  method,
  path,
  group,
  ...(apiKeyScope ? { apiKeyScope } : {}),
});

export const HTTP_ROUTES: readonly HttpRoute[] = [
  r('POST', '/api/auth/agent-login', 'auth'),
  r('GET', '/api/auth/user', 'auth'),
  r('GET', '/api/login', 'auth'),
  r('GET', '/api/logout', 'auth'),
  r('GET', '/api/auth/callback', 'auth'),
  r('POST', '/api/auth/mfa', 'auth'),

  r('GET', '/api/tickets', 'tickets', 'tickets:read'),
  r('POST', '/api/tickets', 'tickets', 'tickets:create'),
  r('GET', '/api/tickets/overdue', 'tickets', 'tickets:read'),
  r('POST', '/api/tickets/bulk', 'tickets'),
  r('GET', '/api/tickets/{id}', 'tickets', 'tickets:read'),
  r('PATCH', '/api/tickets/{id}', 'tickets'),
  r('POST', '/api/tickets/{id}/assign', 'tickets'),
  r('POST', '/api/tickets/{id}/merge', 'tickets'),
  r('PUT', '/api/tickets/{id}/parent', 'tickets'),
  r('DELETE', '/api/tickets/{id}/parent', 'tickets'),
  r('GET', '/api/tickets/{id}/children', 'tickets', 'tickets:read'),
  r('GET', '/api/tickets/{id}/comments', 'tickets', 'tickets:read'),
  r('POST', '/api/tickets/{id}/comments', 'tickets'),
  r('GET', '/api/tickets/{id}/history', 'tickets', 'tickets:read'),
  r('POST', '/api/tickets/{id}/rating', 'tickets', 'tickets:rate'),
  r('GET', '/api/tickets/{id}/messages', 'tickets', 'tickets:read'),
  r('POST', '/api/tickets/{id}/messages', 'tickets', 'tickets:reply'),
  r('POST', '/api/tickets/{id}/attachments', 'tickets', 'tickets:reply'),
  r('GET', '/api/tickets/{id}/attachments/{attachmentId}', 'tickets', 'tickets:read'),
  r('DELETE', '/api/tickets/{id}/attachments/{attachmentId}', 'tickets'),
  r('PUT', '/api/customers/{email}/anti-phishing-code', 'tickets', 'customers:write'),
  r('DELETE', '/api/customers/{email}/anti-phishing-code', 'tickets', 'customers:write'),

  r('GET', '/api/dashboard/metrics', 'dashboard', 'tickets:read'),
  r('GET', '/api/dashboard/priority-distribution', 'dashboard', 'tickets:read'),
  r('GET', '/api/dashboard/volume-data', 'dashboard', 'tickets:read'),
  r('GET', '/api/dashboard/sla-attainment', 'dashboard'),

  r('GET', '/api/analytics/category-usage', 'analytics'),
  r('GET', '/api/analytics/insights', 'analytics'),
  r('GET', '/api/agents/performance', 'analytics'),

  r('GET', '/api/agents', 'staff'),
  r('POST', '/api/users', 'staff'),
  r('PUT', '/api/users/{id}/password', 'staff'),
  r('PUT', '/api/users/{id}/role', 'staff'),
  r('PUT', '/api/users/{id}/permissions', 'staff'),
  r('DELETE', '/api/users/{id}', 'staff'),
  r('DELETE', '/api/users/{id}/mfa', 'staff'),
  r('PUT', '/api/agents/{id}/routing', 'staff'),
  r('GET', '/api/routing/queue', 'staff'),

  r('GET', '/api/categories', 'categories', 'tickets:read'),
  r('POST', '/api/categories', 'categories'),
  r('PATCH', '/api/categories/{id}', 'categories'),
  r('DELETE', '/api/categories/{id}', 'categories'),

  r('GET', '/api/macros', 'macros'),
  r('POST', '/api/macros', 'macros'),
  r('PATCH', '/api/macros/{id}', 'macros'),
  r('DELETE', '/api/macros/{id}', 'macros'),
  r('GET', '/api/tickets/{id}/macros/{macroId}/preview', 'macros'),

  r('GET', '/api/user/settings', 'settings'),
  r('PUT', '/api/user/settings', 'settings'),
  r('POST', '/api/user/change-password', 'settings'),
  r('GET', '/api/user/mfa', 'settings'),
  r('POST', '/api/user/mfa/totp', 'settings'),
  r('POST', '/api/user/mfa/totp/verify', 'settings'),
  r('DELETE', '/api/user/mfa/totp', 'settings'),
  r('PUT', '/api/user/availability', 'settings'),
  r('GET', '/api/desk-settings', 'settings'),
  r('PUT', '/api/desk-settings', 'settings'),
  r('GET', '/api/sla-policy', 'settings'),
  r('PUT', '/api/sla-policy', 'settings'),

  r('GET', '/api/api-keys', 'apiKeys'),
  r('POST', '/api/api-keys', 'apiKeys'),
  r('DELETE', '/api/api-keys/{id}', 'apiKeys'),

  r('GET', '/api/webhooks', 'webhooks'),
  r('POST', '/api/webhooks', 'webhooks'),
  r('DELETE', '/api/webhooks/{id}', 'webhooks'),
  r('PATCH', '/api/webhooks/{id}', 'webhooks'),
  r('POST', '/api/webhooks/{id}/test', 'webhooks'),
  r('GET', '/api/webhooks/{id}/deliveries', 'webhooks'),
  r('GET', '/api/audit', 'audit'),

  r('GET', '/api/openapi.json', 'meta'),

  r('GET', '/api/tickets/{id}/mail-status', 'mail'),
  r('GET', '/api/mail/failed', 'mail'),
  r('POST', '/api/mail/failed/{id}/retry', 'mail'),
  r('GET', '/api/mail/inbound-refusals', 'mail'),
  r('GET', '/api/mail/held', 'mail'),
  r('POST', '/api/mail/held/{id}/release', 'mail'),
  r('DELETE', '/api/mail/held/{id}', 'mail'),

  // The reply guard's review and terms: staff with the compliance permission (docs/decisions/099-reply-guard.md).
  r('GET', '/api/compliance/held-replies', 'compliance'),
  r('POST', '/api/compliance/held-replies/{id}/{commentId}/release', 'compliance'),
  r('POST', '/api/compliance/held-replies/{id}/{commentId}/return', 'compliance'),
  r('GET', '/api/compliance/guard-terms', 'compliance'),
  r('PUT', '/api/compliance/guard-terms', 'compliance'),

  // The rating link of a resolution e-mail: a small page for the customer, outside /api (CloudFront sends /r/* to
  // the HTTP API as well).
  r('GET', '/r/{token}', 'rating'),
  r('POST', '/r/{token}', 'rating'),
  // The download link of a file in a reply e-mail (docs/decisions/094-attachments.md, "Files in e-mail"): the same
  // kind of customer page as the rating link, so the same group; CloudFront sends /f/* to the HTTP API as well.
  r('GET', '/f/{token}', 'rating'),

  // Four-eyes approval (docs/decisions/095-four-eyes-approval.md).
  r('GET', '/api/approvals', 'approvals'),
  r('POST', '/api/approvals/{id}/approve', 'approvals'),
  r('POST', '/api/approvals/{id}/reject', 'approvals'),
  r('POST', '/api/approvals/{id}/secret', 'approvals'),
];

/** The first path segments the route table serves (`/api/`, `/r/`, `/f/`): everything else is the web app. */
export const ROUTED_PREFIXES: readonly string[] = [
  ...new Set(HTTP_ROUTES.map((route) => `/${route.path.split('/')[1]}/`)),
];

/** `METHOD /path`, as API Gateway writes `routeKey`. */
export const routeKeyOf = (route: Pick<HttpRoute, 'method' | 'path'>): string => `${route.method} ${route.path}`;

/** Where each Lambda's entry module lives, relative to the repository root. */
export const httpEntry = (group: HttpGroup): string => `functions/api/${group}.ts`;

export const WS_HANDLERS = {
  authorizer: 'functions/ws/authorizer.ts',
  connect: 'functions/ws/connect.ts',
  disconnect: 'functions/ws/disconnect.ts',
  default: 'functions/ws/default.ts',
} as const;

export const JOB_HANDLERS = {
  overdue: 'functions/jobs/overdue.ts',
  notifier: 'functions/jobs/notifier.ts',
  /** The table's stream → each kind's planner → that kind's queue (docs/decisions/051-outbound-delivery.md). */
  outbox: 'functions/jobs/outbox.ts',
  /** The table's stream → the term index of word search (docs/decisions/090-search-by-term-index.md). */
  indexer: 'functions/jobs/indexer.ts',
  /** SES's receipt rule → the stored message → the inbound mail use case (AWS; the embedded runtime has SMTP). */
  inboundMail: 'functions/jobs/inbound-mail.ts',
  /** SES's bounce and complaint events → the addresses marked undeliverable. */
  mailEvents: 'functions/jobs/mail-events.ts',
  /** The table's stream → the routing queue drained when an agent can take more (docs/decisions/006). */
  router: 'functions/jobs/router.ts',
  /** Every minute: auto-away, when the desk has it on (docs/decisions/006). */
  autoAway: 'functions/jobs/auto-away.ts',
  /** GuardDuty's malware scan results for the attachments bucket (AWS; docs/decisions/094-attachments.md). */
  scanResults: 'functions/jobs/scan-results.ts',
} as const;

/** One kind of delivery that leaves the system, and the sender that makes it. */
export interface QueueKind {
  /** Entry module of the kind's sender: an SQS handler made with `defineSender` (functions/outbound/sender.ts). */
  sender: string;
  /** Says what the kind delivers, in the function's and the queue's descriptions. */
  description: string;
  /** The kind's retry defaults; `<KIND>_RETRY_*` variables override them (functions/lib/config.ts). */
  retry?: Partial<RetryPolicy>;
  /**
   * A FIFO queue (`<name>.fifo`): jobs of one `group` are delivered one after the other in the order they were
   * queued, and a failed one is retried in its place, holding back the later jobs of its group only
   * (docs/decisions/051-outbound-delivery.md, "Order").
   */
  fifo?: boolean;
}

/**
 * Receives of one message of a FIFO kind before it goes to the dead-letter queue: each failed attempt is a receive
 * there (it is retried in its place), so this is above the retry policy's attempts (40 by default), which park the
 * job first.
 */
export const FIFO_MAX_RECEIVE_COUNT = 100;

/**
 * Every kind of outbound delivery, by name (lower-case letters and digits; `<NAME>_QUEUE_URL` is its queue). The CDK
 * stack makes a queue, a dead-letter queue and a sender function per entry; the embedded runtime a local queue that
 * feeds the same sender. A kind is added with an entry here, its sender module, and its planner in
 * functions/outbound/planners.ts.
 */
export const QUEUE_KINDS: Readonly<Record<string, QueueKind>> = {
  mail: {
    sender: 'functions/jobs/mail-sender.ts',
    description: 'E-mail to customers and staff, through SES',
    // A ticket's customer e-mails reach the customer in the order their changes committed.
    fifo: true,
  },
  webhook: {
    sender: 'functions/jobs/webhook-sender.ts',
    description: 'Signed webhook events to the endpoints admins registered (docs/decisions/052)',
  },
  incident: {
    sender: 'functions/jobs/incident-sender.ts',
    description: 'An incident resolved or answered, carried to each of its children (docs/decisions/093)',
    // A child job's claim is kept a day (data/tickets/idempotency.ts): its retries end well before.
    retry: { baseMs: 2_000, capMs: 5 * 60_000, maxAgeMs: 6 * 60 * 60_000 },
  },
};
