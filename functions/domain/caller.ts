/**
 * Who asks for a use case, and the actor the history records for them. The HTTP adapter establishes staff and API-key
 * callers; `system` is trusted code inside the help desk (the overdue job, the demo seed, an operator's script, an
 * inbound channel) and is never the result of authenticating a request.
 */
import type { Actor } from '#shared/schemas/ticket.ts';
import type { User } from '#shared/schemas/user.ts';
import type { ApiKeyIdentity } from './api-keys.ts';
import { displayName } from './tickets.ts';

/** Where a request came from: what the audit log records (absent for trusted code and tests). */
interface Origin {
  /** The client's address as the API saw it. */
  clientAddress?: string;
}

export type Caller =
  | ({
      kind: 'staff';
      user: User /** The session the request belongs to (functions/domain/sessions.ts). */;
      sessionId?: string;
    } & Origin)
  | ({ kind: 'apiKey'; apiKey: ApiKeyIdentity } & Origin)
  | { kind: 'system'; actor: Actor }
  | { kind: 'anonymous' };

/** The actor of a staff member's change, as the history shows it. */
export const staffActor = (user: Pick<User, 'id' | 'firstName' | 'lastName' | 'email'>): Actor => ({
  type: 'user',
  id: user.id,
  name: displayName(user),
});

/** A signed-in staff member as a caller (what the HTTP adapter makes of a session). */
export const staffCaller = (user: User): Caller => ({ kind: 'staff', user });

/** A trusted caller inside the system, recorded in the history under `name`. */
export const systemCaller = (id: string, name: string): Caller => ({
  kind: 'system',
  actor: { type: 'system', id, name },
});

/** The customer who wrote in: known by the ticket's e-mail address, which is both id and name. */
export const customerActor = (email: string): Actor => ({ type: 'customer', id: email, name: email });

/** The actor a caller's changes are recorded under; only callers who passed an access check get here. */
export function actorOf(caller: Exclude<Caller, { kind: 'anonymous' }>): Actor {
  switch (caller.kind) {
    case 'staff':
      return staffActor(caller.user);
    case 'apiKey':
      return { type: 'apiKey', id: caller.apiKey.id, name: caller.apiKey.name };
    case 'system':
      return caller.actor;
  }
}
