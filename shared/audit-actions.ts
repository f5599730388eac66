/**
 * The kinds of audit entry (docs/product.md §2 "Audit Log"), without zod: the web app's route options (in the initial
 * bundle) parse the Audit page's search params with them.
 */

/** Every kind of entry, by area. A new administrative action gets a new name here (and a label below). */
export const AUDIT_ACTIONS = [
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'sign_in_totp',
  'sign_in_recovery_code',
  'mfa_code_failed',
  'mfa_enrolment_started',
  'mfa_enabled',
  'mfa_disabled',
  'password_changed',
  'user_created',
  'user_role_changed',
  'user_password_reset',
  'user_deactivated',
  'user_routing_changed',
  'user_permissions_changed',
  'category_created',
  'category_updated',
  'category_deleted',
  'api_key_created',
  'api_key_revoked',
  'webhook_created',
  'webhook_deleted',
  'mail_retried',
  'mail_released',
  'mail_dismissed',
  'desk_settings_changed',
  'attachment_removed',
  'sla_policy_changed',
  'reply_held',
  'reply_released',
  'reply_returned',
  'guard_terms_changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
