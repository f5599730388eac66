/**
 * Who the audit log names for a caller, and how it words a change. No AWS here; functions/data/audit.ts stores the
 * entries.
 */
import type { AuditActor } from '#shared/schemas/audit.ts';
import type { User } from '#shared/schemas/user.ts';
import type { Caller } from './caller.ts';
import { displayName } from './tickets.ts';

/** A staff member as the audit log names them: their name and e-mail address, which never change. */
export const auditUser = (user: Pick<User, 'id' | 'email' | 'firstName' | 'lastName'>): AuditActor => ({
  type: 'user',
  id: user.id,
  name: `${displayName(user)} <${user.email}>`,
});

/** The actor of an action a caller took (anonymous callers reach no audited action but a failed sign-in). */
export function auditActorOf(caller: Caller): AuditActor {
  switch (caller.kind) {
    case 'staff':
      return auditUser(caller.user);
    case 'apiKey':
      return { type: 'apiKey', id: caller.apiKey.id, name: caller.apiKey.name };
    case 'system':
      return { type: 'system', id: caller.actor.id, name: caller.actor.name };
    case 'anonymous':
      return { type: 'anonymous', id: 'anonymous', name: 'anonymous' };
  }
}

/** The client address a caller's request came from, if it came through the API. */
export const clientAddressOf = (caller: Caller): string | null =>
  caller.kind === 'staff' || caller.kind === 'apiKey' ? (caller.clientAddress ?? null) : null;

/** "field: from → to" for each field that changed, joined; null when nothing did. */
export function describeChanges(changes: Record<string, [unknown, unknown]>): string | null {
  const parts = Object.entries(changes)
    .filter(([, [from, to]]) => from !== to)
    .map(([field, [from, to]]) => `${field}: ${String(from ?? '—')} → ${String(to ?? '—')}`);
  return parts.length ? parts.join('; ') : null;
}
