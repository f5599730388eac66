/**
 * The desk's own settings (docs/product.md §3 "Desk settings"): one set for the whole help desk, read and replaced by
 * admins alone; every save is in the audit log, in the same transaction.
 */
import type { DeskSettings, DeskSettingsInput } from '#shared/schemas/settings.ts';
import { recordAudit } from '../../data/audit.ts';
import { deskSettingsPut, getDeskSettings, rememberDeskSettings } from '../../data/settings.ts';
import { auditActorOf, clientAddressOf, describeChanges } from '../../domain/audit.ts';
import type { Caller } from '../../domain/caller.ts';
import { assertAccess, SETTINGS_ACCESS } from '../../domain/permissions.ts';
import type { Approved } from '../approvals/hold.ts';

/** readDeskSettings: admins only; the desk's settings, complete (the defaults where nothing valid is stored). */
export async function readDeskSettings(caller: Caller): Promise<DeskSettings> {
  assertAccess(caller, SETTINGS_ACCESS.desk);
  return getDeskSettings();
}

/**
 * saveDeskSettings: admins only; replaces the desk's settings whole (a group left out keeps what is stored), with an
 * audit entry naming what changed: a change of the two-factor requirement is in it too
 * (docs/decisions/083-staff-two-factor.md).
 */
export async function saveDeskSettings(
  caller: Caller,
  input: DeskSettingsInput,
  now = new Date(),
  approved?: Approved,
): Promise<DeskSettings> {
  assertAccess(caller, SETTINGS_ACCESS.desk);
  const before = await getDeskSettings();
  const settings: DeskSettings = { ...before, ...input };
  await recordAudit(
    {
      action: 'desk_settings_changed',
      actor: auditActorOf(caller),
      target: { type: 'settings', id: 'desk', name: 'Desk settings' },
      details: describeChanges({
        newTicketsPerSenderPerHour: [
          before.inboundMail.newTicketsPerSenderPerHour,
          settings.inboundMail.newTicketsPerSenderPerHour,
        ],
        requireMfa: [before.security.requireMfa, settings.security.requireMfa],
        autoAway: [before.routing.autoAway, settings.routing.autoAway],
        maxCustomersPerHour: [before.insiderRisk.maxCustomersPerHour, settings.insiderRisk.maxCustomersPerHour],
        maxDownloadsPerHour: [before.insiderRisk.maxDownloadsPerHour, settings.insiderRisk.maxDownloadsPerHour],
        fourEyes: [before.approvals.fourEyes, settings.approvals.fourEyes],
        allowedLinkHosts: [before.replies.allowedLinkHosts.join(', '), settings.replies.allowedLinkHosts.join(', ')],
      }),
      clientAddress: clientAddressOf(caller),
      at: now,
      ...(approved ? { approvedBy: approved.approvedBy } : {}),
    },
    [deskSettingsPut(settings, now), ...(approved ? [approved.decision()] : [])],
  );
  rememberDeskSettings(settings);
  return settings;
}
