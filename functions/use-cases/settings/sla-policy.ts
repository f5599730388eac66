/**
 * The SLA policy (docs/product.md §9): per priority the first-response and resolution targets and the clock they run
 * on, and the business calendar. Read and replaced by admins alone; every save is in the audit log, in the same
 * transaction. A saved policy applies to tickets created afterwards: each ticket keeps the targets it was created with
 * (docs/decisions/005-sla-clocks.md).
 */
import { PRIORITIES } from '#shared/constants.ts';
import type { SlaPolicy } from '#shared/schemas/sla.ts';
import { recordAudit } from '../../data/audit.ts';
import { getSlaPolicy, slaPolicyPut } from '../../data/sla-policy.ts';
import { auditActorOf, clientAddressOf, describeChanges } from '../../domain/audit.ts';
import type { Caller } from '../../domain/caller.ts';
import { assertAccess, SETTINGS_ACCESS } from '../../domain/permissions.ts';

/** readSlaPolicy: admins only; the policy in force (the default until one is saved). */
export async function readSlaPolicy(caller: Caller): Promise<SlaPolicy> {
  assertAccess(caller, SETTINGS_ACCESS.slaPolicy);
  return getSlaPolicy();
}

/** Per priority: first-response / resolution minutes and the clock. */
const targetsText = (policy: SlaPolicy) =>
  PRIORITIES.map((p) => {
    const t = policy.targets[p];
    return `${p} ${t.firstResponseMinutes}/${t.resolutionMinutes} ${t.clock}`;
  }).join(', ');

// The audit log keeps these as records, not sentences: codes, minutes and dates that read the same in any language
// ('—' for a closed day and for no holidays).
const calendarText = ({ businessCalendar: c }: SlaPolicy) =>
  `${c.timeZone}; ${Object.entries(c.weeklyHours)
    .map(([day, hours]) => `${day} ${hours ? `${hours.open}-${hours.close}` : '—'}`)
    .join(', ')}; ${c.holidays.join(', ') || '—'}`;

/** saveSlaPolicy: admins only; replaces the policy whole, with an audit entry naming what changed. */
export async function saveSlaPolicy(caller: Caller, policy: SlaPolicy, now = new Date()): Promise<SlaPolicy> {
  assertAccess(caller, SETTINGS_ACCESS.slaPolicy);
  const before = await getSlaPolicy();
  await recordAudit(
    {
      action: 'sla_policy_changed',
      actor: auditActorOf(caller),
      target: { type: 'settings', id: 'sla-policy', name: 'SLA policy' },
      details: describeChanges({
        targets: [targetsText(before), targetsText(policy)],
        businessCalendar: [calendarText(before), calendarText(policy)],
      }),
      clientAddress: clientAddressOf(caller),
      at: now,
    },
    [slaPolicyPut(policy, now)],
  );
  return policy;
}
