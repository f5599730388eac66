/**
 * Business constants of the help desk (docs/product.md §9), defined once for the web app and the functions.
 */

export const ROLES = ['admin', 'manager', 'agent'] as const;
export type Role = (typeof ROLES)[number];

export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Statuses that keep a ticket on the clock: they have a live deadline. */
export const UNRESOLVED_STATUSES: readonly TicketStatus[] = ['open', 'in_progress'];

export const PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** How a ticket came in: an upstream system's API call, staff filing it (a call, a chat), or a customer's e-mail. */
export const TICKET_TYPES = ['api', 'direct', 'email'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];

/** The types a create request may name; `email` tickets are opened only by mail that reaches the help desk. */
export const CREATABLE_TICKET_TYPES = ['api', 'direct'] as const satisfies readonly TicketType[];

/** Who wrote a message on a ticket's thread: a staff member, the ticket's customer, or the help desk itself. */
export const MESSAGE_AUTHOR_TYPES = ['staff', 'customer', 'system'] as const;

/** How a message arrived: the staff app, an e-mail, or the API of an upstream system. */
export const MESSAGE_CHANNELS = ['web', 'email', 'api'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** Hours from creation to the deadline, by priority. */
export const SLA_HOURS: Record<Priority, number> = {
  critical: 2,
  high: 8,
  medium: 24,
  low: 72,
};

export const LIST_LIMITS = {
  dashboardTickets: 10,
  fullList: 100,
  topAgents: 5,
  agentPerformance: 50,
} as const;

/** Longest ticket search text (`GET /api/tickets?q=`); the web app's search box and its URL keep to it too. */
export const TICKET_SEARCH_MAX = 100;

/** Limits the first version's ticket API lacked (docs/product.md §5): its texts' lengths and one bulk change's size. */
export const TICKET_LIMITS = {
  subjectMax: 200,
  descriptionMax: 10_000,
  commentMax: 5_000,
  searchMax: TICKET_SEARCH_MAX,
  ratingCommentMax: 1_000,
  /** Tickets one bulk change may name (docs/product.md §2 "Tickets table"). */
  bulkMax: 100,
} as const;

export const PERFORMANCE_THRESHOLDS = { good: 90, fair: 70 } as const;

export const OVERDUE_POLL_MS = 30_000;
export const REDIRECT_AFTER_DENIAL_MS = 500;
export const REFRESH_AFTER_LOGIN_MS = 100;

export const PASSWORD_MIN_LENGTH = 6;
export const SUBJECT_MIN_LENGTH = 5;
export const DESCRIPTION_MIN_LENGTH = 10;
export const CATEGORY_NAME_MAX = 100;
export const CATEGORY_DISPLAY_NAME_MAX = 150;
export const DEFAULT_CATEGORY_COLOR = '#3b82f6';

export const COLOR_PALETTE = [
  '#ef4444',
  '#f97316',
  '#eab308',
  '#22c55e',
  '#06b6d4',
  '#3b82f6',
  '#6366f1',
  '#8b5cf6',
  '#ec4899',
  '#6b7280',
] as const;

/** The product's name: the sidebar, the sign-in screens, the document title, and the sender of every e-mail. */
export const PRODUCT_NAME = 'CryptoDesk Support';

/** The categories a new installation starts with (docs/product.md §9, both legacy lists merged). */
export const INITIAL_CATEGORIES = [
  'kyc',
  'fiat_deposit',
  'fiat_withdrawal',
  'crypto_deposit',
  'crypto_withdrawal',
  '2fa_reset',
  'account_verification',
  'deposit_withdrawal',
  'trading_support',
  'kyc_compliance',
  'security_issues',
  'api_technical',
  'payment_issues',
  'general_enquiry',
  'others',
] as const;

export const VOLUME_PERIODS = [7, 30, 90] as const;
export type VolumePeriod = (typeof VOLUME_PERIODS)[number];

export const SOUND_TYPES = ['bell', 'chime', 'notification'] as const;
export type SoundType = (typeof SOUND_TYPES)[number];

export const ALERT_TYPES = [
  'ticket_assigned',
  'ticket_created',
  'high_priority',
  'critical_priority',
  'ticket_overdue',
  /** A ticket assigned to you changed status, by someone else's hand. */
  'ticket_status_changed',
  /** The customer of a ticket assigned to you wrote in. */
  'customer_reply',
  /** 80 % of a first-response or resolution target of a ticket assigned to you has passed (docs/product.md §9). */
  'sla_warning',
  'webhook_disabled',
  /** A new ticket found no eligible agent and waits in the queue (docs/decisions/006). */
  'ticket_waiting',
  /** Malware was found in a file of a ticket (docs/decisions/094-attachments.md): to every admin. */
  'attachment_infected',
  /** A staff member opened or downloaded more in an hour than the desk allows (docs/decisions/097): to every admin. */
  'data_access_alert',
  /** A guarded action waits for a second admin (docs/decisions/095-four-eyes-approval.md): to every other admin. */
  'approval_requested',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/**
 * The alert types that are not about one ticket: they reach the browser alone, never a ticket e-mail. The one list that
 * the mail planner, the notifier, mail delivery and the alarm schemas read.
 */
export const NON_TICKET_ALERTS = [
  'webhook_disabled',
  'data_access_alert',
  'approval_requested',
] as const satisfies readonly AlertType[];
export type TicketAlertType = Exclude<AlertType, (typeof NON_TICKET_ALERTS)[number]>;
export const isTicketAlert = (type: AlertType): type is TicketAlertType =>
  !(NON_TICKET_ALERTS as readonly AlertType[]).includes(type);

export const ALARM = {
  defaultVolume: 80,
  reconnectMs: 5_000,
  toastMs: 8_000,
  desktopNotificationMs: 10_000,
  testIndicatorMs: 2_000,
} as const;

/**
 * Who else is on a ticket (docs/product.md §7 "WebSocket"): a client repeats its state every `heartbeatMs`; the server
 * counts an entry whose last message is `expiresMs` old as gone. Typing is `replying`, sent on the change and then at
 * most every `throttleMs`; `idleMs` without a keystroke is `viewing` again.
 */
export const PRESENCE = {
  heartbeatMs: 10_000,
  expiresMs: 30_000,
  idleMs: 5_000,
  throttleMs: 3_000,
} as const;

export const PRESENCE_STATES = ['viewing', 'replying', 'left'] as const;

export const TIMEZONES = [
  'UTC',
  'America/New_York',
  'America/Los_Angeles',
  'America/Chicago',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'Asia/Tokyo',
  'Asia/Shanghai',
  'Asia/Kolkata',
  'Australia/Sydney',
  'Pacific/Auckland',
] as const;

export const LANGUAGES = ['en', 'es', 'fr', 'de', 'zh', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Customers whose language is not known get their e-mail in English. */
export const DEFAULT_CUSTOMER_LANGUAGE: Language = 'en';
export const THEMES = ['system', 'light', 'dark'] as const;

export const TOAST = { limit: 1, durationMs: 5_000, swipeThresholdPx: 50 } as const;

export const API_KEY_SCOPES = [
  'tickets:create',
  'tickets:read',
  'tickets:rate',
  'tickets:reply',
  // The customer's anti-phishing code (docs/decisions/096-anti-phishing-code.md): write only, never read back.
  'customers:write',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What a webhook can subscribe to (docs/api.md "Webhooks"); `ping` is sent only by an admin's test, to one webhook. */
export const WEBHOOK_EVENT_TYPES = [
  'ticket.created',
  'ticket.updated',
  'ticket.replied',
  'ticket.customer_replied',
  'ticket.resolved',
  'ticket.rated',
  'ticket.merged',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * Whether a staff member is at the desk (docs/product.md §2 "Availability", docs/decisions/006): only `available` agents
 * are routed tickets and hear of new ones; everyone starts `available`.
 */
export const AVAILABILITY_STATUSES = ['available', 'away', 'offline'] as const;
export type Availability = (typeof AVAILABILITY_STATUSES)[number];

/** Routing and the alarms that reach whom they concern (docs/decisions/006-routing-by-availability-capacity-skill.md). */
export const ROUTING = {
  /** With auto-away on, an available agent with no open socket for this long becomes `away`. */
  autoAwayMinutes: 10,
  /** At most one notification e-mail per person and ticket in this window; later alarms fold into it. */
  emailWindowMinutes: 15,
  /** The largest cap on open tickets an agent may be given. */
  maxOpenTicketsLimit: 1_000,
} as const;
