import type { MessageKey } from '#shared/i18n/messages.ts';
import type { AuditAction } from '#shared/schemas/audit.ts';

/** How the Audit page and the CSV name each action (keys of the message registry). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, MessageKey> = {
  sign_in: 'audit.action.signIn',
  sign_in_failed: 'audit.action.signInFailed',
  sign_out: 'audit.action.signOut',
  sign_in_totp: 'audit.action.signInTotp',
  sign_in_recovery_code: 'audit.action.signInRecoveryCode',
  mfa_code_failed: 'audit.action.mfaCodeFailed',
  mfa_enrolment_started: 'audit.action.mfaEnrolmentStarted',
  mfa_enabled: 'audit.action.mfaEnabled',
  mfa_disabled: 'audit.action.mfaDisabled',
  password_changed: 'audit.action.passwordChanged',
  user_created: 'audit.action.userCreated',
  user_role_changed: 'audit.action.userRoleChanged',
  user_password_reset: 'audit.action.userPasswordReset',
  user_deactivated: 'audit.action.userDeactivated',
  user_routing_changed: 'audit.action.userRoutingChanged',
  category_created: 'audit.action.categoryCreated',
  category_updated: 'audit.action.categoryUpdated',
  category_deleted: 'audit.action.categoryDeleted',
  api_key_created: 'audit.action.apiKeyCreated',
  api_key_revoked: 'audit.action.apiKeyRevoked',
  webhook_created: 'audit.action.webhookCreated',
  webhook_deleted: 'audit.action.webhookDeleted',
  mail_retried: 'audit.action.mailRetried',
  mail_released: 'audit.action.mailReleased',
  mail_dismissed: 'audit.action.mailDismissed',
  desk_settings_changed: 'audit.action.deskSettingsChanged',
  attachment_removed: 'audit.action.attachmentRemoved',
  sla_policy_changed: 'audit.action.slaPolicyChanged',
};
