/**
 * Availability (docs/product.md §2 "Availability", docs/decisions/006): each staff member says whether they are at the
 * desk, and with the desk's auto-away on, an available person with no open socket for ROUTING.autoAwayMinutes becomes
 * `away`. Only `available` agents are routed tickets and hear of new ones.
 */
import type { Availability } from '#shared/constants.ts';
import type { User } from '#shared/schemas/user.ts';
import { hasOpenSocket } from '../../data/connections.ts';
import { getDeskSettings } from '../../data/settings.ts';
import { getUser, listStaffRecords, setAvailability } from '../../data/users.ts';
import type { Caller } from '../../domain/caller.ts';
import { SETTINGS_ACCESS, staffMember } from '../../domain/permissions.ts';
import { isAwayByNow } from '../../domain/routing.ts';
import { settleWithConcurrency } from '../../lib/concurrency.ts';
import { NotFoundError } from '../../lib/errors.ts';

/** setOwnAvailability: any staff member, for themselves; answers with their directory entry as it is now. */
export async function setOwnAvailability(caller: Caller, status: Availability, now = new Date()): Promise<User> {
  const me = staffMember(caller, SETTINGS_ACCESS.own);
  if (!(await setAvailability(me.id, status, now))) throw new NotFoundError('error.staff.notFound');
  const user = await getUser(me.id);
  if (!user) throw new NotFoundError('error.staff.notFound');
  return user;
}

/** Reads of connections at once during a sweep. */
const READ_CONCURRENCY = 10;

export interface AutoAwaySweep {
  /** Whether the desk has auto-away on. */
  enabled: boolean;
  /** Available people examined (quiet for long enough), and those made `away`. */
  examined: number;
  madeAway: number;
}

/**
 * sweepAutoAway: with the desk's auto-away on, makes `away` every available staff member quiet (no socket) for the
 * desk's minutes. Reads the staff list and, for those quiet long enough by their directory entry, their connections:
 * its cost follows the size of the team, never the number of tickets. Each change is written only while the person is
 * still available and no socket of theirs closed since the read, so a choice made meanwhile stands.
 */
export async function sweepAutoAway(now = new Date()): Promise<AutoAwaySweep> {
  if (!(await getDeskSettings()).routing.autoAway) return { enabled: false, examined: 0, madeAway: 0 };
  const quiet = (await listStaffRecords()).filter(
    (record) =>
      record.user.isActive && isAwayByNow({ ...record.user, connected: false, quietSince: record.quietSince }, now),
  );
  const results = await settleWithConcurrency(quiet, READ_CONCURRENCY, async (record) => {
    if (await hasOpenSocket(record.user.id, now)) return false;
    return setAvailability(record.user.id, 'away', now, { availability: 'available', quietSince: record.quietSince });
  });
  const failed = results.filter((result) => result.status === 'rejected');
  if (failed.length)
    throw new AggregateError(
      failed.map((f) => (f as PromiseRejectedResult).reason),
      'Auto-away',
    );
  return {
    enabled: true,
    examined: quiet.length,
    madeAway: results.filter((result) => result.status === 'fulfilled' && result.value).length,
  };
}
