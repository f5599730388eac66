/**
 * Texts users see (docs/product.md §5 and §8), defined once. Server validation and the web app both use them.
 */
export const MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  subjectMin: 'Subject must be at least 5 characters',
  descriptionMin: 'Description must be at least 10 characters',
  categoryRequired: 'Please select a category',
  agentRequired: 'Please select an agent',
  subjectRequired: 'Subject is required',
  descriptionRequired: 'Description is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  passwordMin: 'Password must be at least 6 characters',
  passwordsDontMatch: "Passwords don't match",
  passwordRequired: 'Password is required',
  newPasswordsDontMatch: 'New passwords do not match.',
  newPasswordMin: 'Password must be at least 6 characters long.',
  nameRequired: 'Name is required',
  nameTooLong: 'Name too long',
  displayNameRequired: 'Display name is required',
  displayNameTooLong: 'Display name too long',
  invalidColor: 'Invalid color format',
  invalidCredentials: 'Invalid credentials. Please try again.',
  loggedIn: 'Logged in successfully',
  unauthorizedTitle: 'Unauthorized',
  unauthorizedBody: 'You are logged out. Logging in again...',
  unauthorizedPage: 'Unauthorized – You are logged out. Logging in again...',
  pageNotFound: 'Page Not Found',
  accessDeniedTitle: 'Access Denied',
  accessDeniedBody: "You don't have permission to access this page.",
  categoryAccessDenied: 'Access Denied. Only administrators can access category management.',
  editNotAllowed: "You don't have permission to edit this ticket.",
  directTicketsNotAllowed: 'Only agents, managers, and administrators can create direct tickets.',
  // Dashboard (docs/product.md §2 Dashboard Overview and its panels).
  loadingDashboard: 'Loading dashboard...',
  roundRobinActive: 'Active',
  roundRobinEnabled: 'Auto-assignment enabled',
  overdueDeadlinesHint: 'Priority-based deadlines: Critical (2h), High (8h), Medium (24h), Low (72h)',
  noOverdueTickets: 'No overdue tickets at the moment',
  noOverdueTicketsDetail: 'All tickets are within their deadlines',
  noRatingYet: 'No rating yet',
  noAgentPerformance: 'No agent performance data available.',
  noInsights: 'No AI insights available at the moment.',
  // Agent Management (docs/product.md §2, §8).
  noAgents: 'No agents found',
  userCreated: 'User invitation sent successfully',
  userCreateFailed: 'Failed to create user. Please try again.',
  passwordResetFailed: 'Failed to reset password. Please try again.',
  roleUpdated: 'User role updated successfully',
  roleUpdateFailed: 'Failed to update user role. Please try again.',
  userDeactivated: 'User deactivated successfully',
  userDeactivateFailed: 'Failed to deactivate user. Please try again.',
  // Category Management (docs/product.md §2, §8).
  noCategories: 'No categories found. Create your first category to get started.',
  noDescription: 'No description',
  categoryCreateFailed: 'Failed to create category',
  categoryUpdateFailed: 'Failed to update category',
  categoryDeleteFailed: 'Failed to delete category',
  categoryDeleteConfirm: 'Are you sure you want to delete this category? This action cannot be undone.',
  // Settings (docs/product.md §8).
  settingsSaveFailed: 'Failed to save settings. Please try again.',
  passwordChangeFailed: 'Failed to change password.',
  // Tickets, shown by the dashboard as well as the tickets screens.
  unassigned: 'Unassigned',
  notAvailable: 'N/A',
} as const;

/** 'Password reset successfully for {email}' (docs/product.md §8). */
export const passwordResetFor = (email: string): string => `Password reset successfully for ${email}`;

/** 'Are you sure you want to deactivate {name}?' (docs/product.md §8). */
export const deactivateConfirmFor = (name: string): string => `Are you sure you want to deactivate ${name}?`;

/** '{n} tickets': a category's usage (docs/product.md §2 Category Management). */
export const ticketCountText = (count: number): string => `${count} tickets`;

/**
 * Texts of the tickets screens (docs/product.md §2, §4 deadline badge, §8 ticket toasts). Kept apart from MESSAGES, which the
 * first page load needs, so that these load only with the screens that show them.
 */
export const TICKET_TEXTS = {
  ticketSearchPlaceholder: 'Search tickets by ID, subject, or customer email...',
  noTicketsMatch: 'No tickets found matching your criteria',
  noDirectTickets: 'No Direct Tickets',
  aboutDirectTicketsTitle: 'About Direct Tickets',
  aboutDirectTicketsBody:
    'Direct tickets are created when customers call agents directly. They are handled separately for tracking and metrics.',
  noDeadline: 'No deadline',
  commentsLoadFailed: 'Error loading comments',
  noComments: 'No comments yet. Be the first to add one!',
  errorTitle: 'Error',
  noTicketSelected: 'No ticket selected',
  ticketUpdated: 'Ticket updated successfully',
  ticketUpdateFailed: 'Failed to update ticket',
  ticketCreated: 'Ticket created successfully',
  ticketCreateFailed: 'Failed to create ticket. Please try again.',
  ticketAssigned: 'Ticket assigned successfully',
  ticketAssignFailed: 'Failed to assign ticket. Please try again.',
  // Wallet addresses and transaction ids in the ticket view (docs/product.md §2 Ticket detail).
  identifierCopied: 'Copied to the clipboard',
  identifierCopyFailed: 'Could not copy; select the text and copy it by hand',
} as const;

/**
 * Input rules every field follows (docs/product.md §5 "Input limits", shared/schemas/text.ts), and what the API
 * answers when a request itself is malformed.
 */
export const INPUT_MESSAGES = {
  required: (label: string): string => `${label} is required`,
  mustBeText: (label: string): string => `${label} must be text`,
  tooLong: (label: string, max: number): string => `${label} must be at most ${max} characters`,
  tooShort: (label: string, min: number): string => `${label} must be at least ${min} characters`,
  badCharacters: (label: string): string =>
    `${label} contains characters that are not allowed (control characters or broken Unicode)`,
  invalidIdentifier: (label: string): string => `${label} is not a valid id`,
  malformedUrl: 'The URL is malformed (broken percent-encoding or invalid UTF-8)',
  invalidUtf8Body: 'The request body is not valid UTF-8',
} as const;

/** Texts of the Audit Log page (docs/product.md §2 "Audit Log", §8). */
export const AUDIT_TEXTS = {
  description: 'Every administrative action and every sign-in, newest first.',
  anyone: 'Anyone',
  allActions: 'All actions',
  empty: 'No audit entries match these filters',
  loadFailed: 'Could not load the audit log',
  exportFailed: 'Could not export the audit log',
  exportTruncated: (max: number): string =>
    `The export holds the newest ${max} entries; narrow the period for the rest.`,
} as const;

/**
 * Texts of the Integrations page (admins: API keys and webhooks, docs/product.md §2, §8). Kept apart from MESSAGES, as
 * the ticket texts are, so that they load only with the page.
 */
export const INTEGRATION_TEXTS = {
  pageDescription: 'API keys let upstream systems call the help desk; webhooks tell them what happens to tickets.',
  apiKeysTitle: 'API Keys',
  apiKeysDescription: 'Each key carries the scopes it may use. Its secret is shown once, when it is created.',
  createApiKey: 'Create API Key',
  noApiKeys: 'No API keys yet. Create one for each upstream system.',
  apiKeyName: 'Name',
  apiKeyNameHelp: 'Which system uses it, e.g. "Trading platform".',
  apiKeyScopes: 'Scopes',
  apiKeyCreated: 'API key created',
  apiKeyCreateFailed: 'Failed to create the API key. Please try again.',
  revokeApiKey: 'Revoke',
  revokeApiKeyConfirm: 'Calls made with this key will be refused at once. This cannot be undone.',
  apiKeyRevoked: 'API key revoked',
  apiKeyRevokeFailed: 'Failed to revoke the API key. Please try again.',
  apiKeysLoadFailed: 'API keys could not be loaded',
  webhooksTitle: 'Webhooks',
  webhooksDescription:
    'Signed events about tickets, POSTed to your endpoint. An endpoint failing for 24 hours is disabled.',
  createWebhook: 'Create Webhook',
  noWebhooks: 'No webhooks yet. Create one to be told when tickets change.',
  webhookUrl: 'Endpoint URL',
  webhookUrlHelp: 'Where events are POSTed: an https URL that answers 2xx within 10 seconds.',
  webhookDescription: 'Description',
  webhookEvents: 'Events',
  webhookCreated: 'Webhook created',
  webhookCreateFailed: 'Failed to create the webhook. Please try again.',
  deleteWebhook: 'Delete',
  deleteWebhookConfirm: 'Nothing more will be sent to this endpoint, not even deliveries being retried.',
  webhookDeleted: 'Webhook deleted',
  webhookDeleteFailed: 'Failed to delete the webhook. Please try again.',
  sendTest: 'Send test',
  testSent: 'Test event sent; it shows in the deliveries.',
  testFailed: 'Failed to send the test event. Please try again.',
  webhooksLoadFailed: 'Webhooks could not be loaded',
  deliveries: 'Deliveries',
  deliveriesTitle: 'Recent deliveries',
  deliveriesDescription: 'The last 100 events sent to this endpoint, newest first.',
  noDeliveries: 'No deliveries yet. Send a test to see one.',
  deliveriesLoadFailed: 'Deliveries could not be loaded',
  secretTitle: 'Copy the secret now',
  secretOnce: 'This is the only time it is shown. Store it where the receiving system can read it.',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy; select the text and copy it by hand.',
  done: 'Done',
  active: 'Active',
  disabled: 'Disabled',
  revoked: 'Revoked',
  never: 'Never',
} as const;

/**
 * Texts of the e-mail channel on the tickets screens and the admins' Email Delivery page (docs/product.md §2, §8):
 * the conversation, the composer, an undeliverable customer address, and failed or refused mail.
 */
export const MAIL_TEXTS = {
  conversationLabel: 'Conversation',
  customerMessage: 'Customer',
  publicReply: 'Reply to customer',
  internalNote: 'Internal note',
  systemMessage: 'Help desk',
  byEmail: 'by e-mail',
  byApi: 'through the API',
  sendAs: 'Send as',
  replyLabel: 'Reply to the customer',
  noteLabel: 'Internal note',
  replyPlaceholder: 'Write your reply to the customer...',
  notePlaceholder: 'Write a note for the team...',
  replyButton: 'Send Reply',
  replySending: 'Sending...',
  noteButton: 'Add Note',
  noteAdding: 'Adding...',
  noteHint: 'Stays internal: only staff can see it. The customer is not told.',
  undeliverableTitle: 'E-mail to this customer is not delivered',
  replyKeptHint: 'Replies are kept on the ticket but not e-mailed until the customer writes to us again.',
  customerLanguage: 'Customer language',
  anyType: 'All Types',
  filterByType: 'Filter by type',
  byChannel: 'Tickets by Channel',
  failedTitle: 'Failed e-mail',
  failedDescription: 'E-mails that kept failing and were set aside. Retry sends one again.',
  noFailedMail: 'No failed e-mail. Every e-mail was delivered or is still being tried.',
  failedLoadFailed: 'Failed e-mail could not be loaded',
  retry: 'Retry',
  retrying: 'Retrying...',
  retried: 'E-mail queued again',
  retryFailed: 'The e-mail could not be queued again',
  refusedTitle: 'Refused incoming mail',
  refusedDescription: 'Mail that reached the help desk but changed no ticket, by reason. None of it was answered.',
  noRefusedMail: 'No incoming mail was refused.',
  refusedLoadFailed: 'Refused mail could not be loaded',
} as const;

/** 'Goes to {email} by e-mail.': where a public reply goes. */
export const replyGoesTo = (email: string): string => `Goes to the customer, ${email}, by e-mail.`;
