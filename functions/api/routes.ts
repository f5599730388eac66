/**
 * The one route table. The CDK stack creates an HTTP API route per entry and points it at the Lambda
 * of the entry's group; the embedded gateway matches requests against the same entries. A route exists
 * in both runtimes or in neither.
 *
 * This module is data only (no handler imports) so that the CDK app and the gateway can load it cheaply.
 */
import { type HttpMethod, routeKeyOf } from '../http/route-key.ts';

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

export interface HttpRoute {
  method: HttpMethod;
  /** API Gateway path syntax: `{name}` is a path parameter. */
  path: string;
  group: HttpGroup;
}

// A route's API-key scope is not declared here: it is the `apiKeyScope` of the access its definition passes
// (functions/domain/permissions.ts, the docs/product.md §6 matrix), read by the handler and the OpenAPI document.
const r = (method: HttpMethod, path: string, group: HttpGroup): HttpRoute => ({ method, path, group });

export const HTTP_ROUTES: readonly HttpRoute[] = [
  r('POST', '/api/auth/agent-login', 'auth'),
  r('GET', '/api/auth/user', 'auth'),
  r('GET', '/api/login', 'auth'),
  r('GET', '/api/logout', 'auth'),
  r('GET', '/api/auth/callback', 'auth'),
  r('POST', '/api/auth/mfa', 'auth'),

  r('GET', '/api/tickets', 'tickets'),
  r('POST', '/api/tickets', 'tickets'),
  r('GET', '/api/tickets/overdue', 'tickets'),
  r('POST', '/api/tickets/bulk', 'tickets'),
  r('GET', '/api/tickets/{id}', 'tickets'),
  r('PATCH', '/api/tickets/{id}', 'tickets'),
  r('POST', '/api/tickets/{id}/assign', 'tickets'),
  r('POST', '/api/tickets/{id}/merge', 'tickets'),
  r('PUT', '/api/tickets/{id}/parent', 'tickets'),
  r('DELETE', '/api/tickets/{id}/parent', 'tickets'),
  r('GET', '/api/tickets/{id}/children', 'tickets'),
  r('GET', '/api/tickets/{id}/comments', 'tickets'),
  r('POST', '/api/tickets/{id}/comments', 'tickets'),
  r('GET', '/api/tickets/{id}/history', 'tickets'),
  r('POST', '/api/tickets/{id}/rating', 'tickets'),
  r('GET', '/api/tickets/{id}/messages', 'tickets'),
  r('POST', '/api/tickets/{id}/messages', 'tickets'),
  r('POST', '/api/tickets/{id}/attachments', 'tickets'),
  r('GET', '/api/tickets/{id}/attachments/{attachmentId}', 'tickets'),
  r('DELETE', '/api/tickets/{id}/attachments/{attachmentId}', 'tickets'),
  r('PUT', '/api/customers/{email}/anti-phishing-code', 'tickets'),
  r('DELETE', '/api/customers/{email}/anti-phishing-code', 'tickets'),

  r('GET', '/api/dashboard/metrics', 'dashboard'),
  r('GET', '/api/dashboard/priority-distribution', 'dashboard'),
  r('GET', '/api/dashboard/volume-data', 'dashboard'),
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

  r('GET', '/api/categories', 'categories'),
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

/** The route keys of one group: what its handler must serve, no more and no less. */
export const groupRouteKeys = (group: HttpGroup): string[] =>
  HTTP_ROUTES.filter((route) => route.group === group).map(routeKeyOf);

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
