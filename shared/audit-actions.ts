/**
 * The kinds of audit entry (docs/product.md §2 "Audit Log"), without zod: the web app's route options (in the initial
 * bundle) parse the Audit page's search params with them.
 */

/** Every kind of entry, by area. A new administrative action gets a new name here (and a label below). */
export const AUDIT_ACTIONS = [
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'password_changed',
  'user_created',
  'user_role_changed',
  'user_password_reset',
  'user_deactivated',
  'category_created',
  'category_updated',
  'category_deleted',
  'api_key_created',
  'api_key_revoked',
  'webhook_created',
  'webhook_deleted',
  'mail_retried',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How the Audit page and the CSV name each action. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  sign_out: 'Signed out',
  password_changed: 'Changed own password',
  user_created: 'Created user',
  user_role_changed: 'Changed role',
  user_password_reset: 'Reset password',
  user_deactivated: 'Deactivated user',
  category_created: 'Created category',
  category_updated: 'Edited category',
  category_deleted: 'Deleted category',
  api_key_created: 'Created API key',
  api_key_revoked: 'Revoked API key',
  webhook_created: 'Created webhook',
  webhook_deleted: 'Deleted webhook',
  mail_retried: 'Retried failed e-mail',
};
