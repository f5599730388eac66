/**
 * Filing a ticket (docs/product.md §5): by staff (direct or API type), by an upstream system's API key (always API
 * type), or by trusted code (the demo seed; next, inbound e-mail). Assigned to the given active staff member, or else
 * to the next eligible agent by round robin (docs/decisions/006), or left waiting in the routing queue when nobody is
 * eligible; only into an active category; once per Idempotency-Key.
 */
import { createHash } from 'node:crypto';
import { CREATABLE_TICKET_TYPES, DEFAULT_CUSTOMER_LANGUAGE, ROLES, type TicketType } from '#shared/constants.ts';
import { issueText } from '#shared/i18n/messages.ts';
import type { CreateTicketInput } from '#shared/schemas/ticket.ts';
import { nextTicketNumber } from '../../data/sequence.ts';
import { getSlaPolicy } from '../../data/sla-policy.ts';
import { idempotencyScope } from '../../data/table.ts';
import { getIdempotencyRecord, type IdempotencyKey, idempotencyClaim } from '../../data/tickets/idempotency.ts';
import { requireTicket } from '../../data/tickets/item.ts';
import { categoryUsage, writeNewTicket } from '../../data/tickets/writes.ts';
import type { AssigneeGuard } from '../../data/users.ts';
import type { GuardedItem } from '../../data/transactions.ts';
import { actorOf, type Caller } from '../../domain/caller.ts';
import { ticketSlaFor } from '../../domain/deadlines.ts';
import { assertAccess, mayHoldRestricted, TICKET_ACCESS } from '../../domain/permissions.ts';
import { redactFields, redactionChanges } from '../../domain/redaction.ts';
import { creationChanges, newTicket, type TicketRecord, ticketRefusals } from '../../domain/tickets.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { recordMetrics } from '../../lib/metrics.ts';
import { activeCategoryNamed, asAssignee, eligibleAssignee, retryWhileStale } from './common.ts';
import type { PreparedAttachments } from './attachments.ts';
import { withRoundRobinTurn } from './round-robin.ts';
import { antiPhishingCodeWrites } from '../customers/anti-phishing.ts';

/**
 * Creates that take no round-robin turn (an assignee chosen, or nobody eligible, docs/decisions/006) meet on the
 * shared counters (totals, day, category) in a burst, hence the long backoff. Round-robin creates take turns, so they
 * rarely conflict; while one holds its turn the whole line waits on it, so it backs off briefly
 * (TURN_HELD_CAP_MS): the extra attempts cover one that went ahead of a stalled line and met the create it overtook.
 */
const CREATE_RETRY = { maxAttempts: 40, baseMs: 10, capMs: 1_000 };
const TURN_HELD_CAP_MS = 200;

/**
 * The validated create body (`POST /api/tickets`), or what an inbound e-mail asks for (type `email`); without
 * `assignedToId` the ticket goes round robin.
 */
export type NewTicketRequest = Omit<CreateTicketInput, 'assignedToId' | 'type'> & {
  type: TicketType;
  assignedToId?: string;
};

export interface CreateOptions {
  /** The request's `Idempotency-Key` header, already checked for form. */
  idempotencyKey?: string;
  /** The e-mail that asks for the ticket (inbound mail, a system caller): recorded in the history and threaded. */
  fromMail?: { messageId: string | null };
  /**
   * More writes of the caller's, in the ticket's transaction, made for the ticket's number (a sender's count, the
   * release of held mail and its audit entry); their conditions' errors are thrown as they are.
   */
  alongWith?: (ticketId: number) => GuardedItem[];
  /**
   * The files of the e-mail that opens the ticket, stored for the ticket's number once it is taken (before the
   * transaction): listed on the ticket, their items in its transaction. The caller deletes them if the create fails.
   */
  files?: (ticketId: number) => Promise<Pick<PreparedAttachments, 'summaries' | 'guards'> | undefined>;
  now?: Date;
}

/** The attachments' `messageId` for the files of the e-mail that opened a ticket (its description). */
export const OPENING_MESSAGE_ID = 'ticket';

/** The same Idempotency-Key won a race with this request meanwhile. */
class IdempotentReplay extends Error {
  override name = 'IdempotentReplay';
}

/** A key is the caller's alone, and names the request it came with. */
function idempotencyOf(
  caller: Exclude<Caller, { kind: 'anonymous' }>,
  key: string | undefined,
  input: NewTicketRequest,
): IdempotencyKey | undefined {
  if (key === undefined) return undefined;
  const scope =
    caller.kind === 'apiKey'
      ? idempotencyScope.apiKey(caller.apiKey.id)
      : caller.kind === 'staff'
        ? idempotencyScope.staff(caller.user.id)
        : idempotencyScope.system(caller.actor.id);
  const fingerprint = createHash('sha256').update(JSON.stringify(input)).digest('base64url');
  return { scope, key, fingerprint };
}

/**
 * earlierTicket: the ticket an earlier create by this caller with this key and request made, if the key is still
 * remembered (409 for a key reused for a different request).
 */
export function earlierTicket(
  caller: Exclude<Caller, { kind: 'anonymous' }>,
  idempotencyKey: string,
  input: NewTicketRequest,
  now: Date,
): Promise<TicketRecord | undefined> {
  return replayOf(idempotencyOf(caller, idempotencyKey, input)!, now);
}

/**
 * A create already made with this key: the ticket as it is now. A key reused for a different request is refused
 * (409); a forgotten key is no replay.
 */
async function replayOf(idempotency: IdempotencyKey, now: Date): Promise<TicketRecord | undefined> {
  const record = await getIdempotencyRecord(idempotency, now);
  if (!record) return undefined;
  if (record.fingerprint !== idempotency.fingerprint) throw new ConflictError('error.ticket.idempotencyKeyReused');
  return requireTicket(record.ticketNumber);
}

/**
 * createTicket: a new open ticket with the next number, its SLA clocks from its priority's targets in the policy. `replayed` when an earlier
 * request with the same Idempotency-Key made it.
 */
export async function createTicket(
  caller: Caller,
  input: NewTicketRequest,
  { idempotencyKey, fromMail, alongWith, files, now = new Date() }: CreateOptions = {},
): Promise<{ ticket: TicketRecord; replayed: boolean }> {
  assertAccess(caller, TICKET_ACCESS.create);
  // Only the help desk's own inbound channel opens e-mail tickets; people and upstream systems file the others.
  if ((input.type === 'email' || fromMail) && caller.kind !== 'system') {
    const invalidType = issueText('validation.type.invalid', { values: CREATABLE_TICKET_TYPES.join(', ') });
    throw new ValidationError(invalidType, { type: invalidType });
  }
  // The customer's anti-phishing code comes with keys that have `customers:write` alone: refused before anything is
  // written (docs/decisions/096-anti-phishing-code.md); it is never stored on the ticket.
  const codeWrites =
    input.antiPhishingCode === undefined
      ? []
      : antiPhishingCodeWrites(caller, input.customerEmail, input.antiPhishingCode, now);
  const idempotency = idempotencyOf(caller, idempotencyKey, input);
  if (idempotency) {
    const replay = await replayOf(idempotency, now);
    if (replay) return { ticket: replay, replayed: true };
  }
  // Upstream systems file through the API by definition; only staff record phone calls as direct. Card numbers,
  // seed phrases and private keys never reach the table (functions/domain/redaction.ts).
  const redacted = redactFields(input, ['subject', 'description']);
  const request = caller.kind === 'apiKey' ? { ...redacted.value, type: 'api' as const } : redacted.value;
  const category = await activeCategoryNamed(request.category);
  const chosen = request.assignedToId ? await eligibleAssignee(request.assignedToId, 'assignedToId') : undefined;
  // A ticket filed in a restricted category is a compliance case from its first write (docs/product.md §6
  // "Compliance"): it goes only to compliance staff, and never round robin.
  const restricted = category.restricted;
  if (restricted && chosen && !mayHoldRestricted(chosen)) throw ticketRefusals.assigneeNotCompliance('assignedToId');
  // The SLA policy in force now sets the ticket's targets for good (docs/decisions/005-sla-clocks.md).
  const [id, policy] = await Promise.all([nextTicketNumber(), getSlaPolicy()]);
  const sla = ticketSlaFor(policy, request.priority);
  const opening = await files?.(id);

  const write = async (assignee: typeof chosen, assigneeItems: GuardedItem[], guard?: AssigneeGuard) => {
    const ticket = newTicket(
      {
        id,
        subject: request.subject,
        description: request.description,
        customerEmail: request.customerEmail,
        category: { id: category.id, name: category.name },
        priority: request.priority,
        type: request.type,
        customerLanguage: request.customerLanguage,
        assignee: assignee ? asAssignee(assignee) : null,
        createdById: caller.kind === 'staff' ? caller.user.id : null,
        createdByApiKeyId: caller.kind === 'apiKey' ? caller.apiKey.id : null,
        sourceMessageId: fromMail?.messageId ?? null,
        sla,
        restricted,
        ...(opening ? { attachments: opening.summaries } : {}),
      },
      now,
    );
    return writeNewTicket(ticket, [...creationChanges(ticket), ...redactionChanges(redacted.found)], {
      actor: actorOf(caller),
      now,
      ...(fromMail
        ? { mail: { direction: 'received', kind: 'new_ticket', address: ticket.customerEmail } as const }
        : {}),
      ...(assignee && guard ? { assignee: { userId: assignee.id, guard } } : {}),
      extra: [
        ...assigneeItems,
        categoryUsage(category.id, 1),
        ...(idempotency ? [idempotencyClaim(idempotency, id, now, () => new IdempotentReplay())] : []),
        // After the idempotency claim: a replay is told as a replay even when one of these fails with it.
        ...(alongWith?.(id) ?? []),
        ...(opening?.guards(OPENING_MESSAGE_ID) ?? []),
        ...codeWrites,
      ],
    });
  };

  try {
    const ticket = chosen
      ? await retryWhileStale(
          () => write(chosen, [], { roles: ROLES, onFailed: () => ticketRefusals.inactiveAssignee('assignedToId') }),
          CREATE_RETRY,
        )
      : restricted
        ? await retryWhileStale(() => write(undefined, []), CREATE_RETRY)
        : await withRoundRobinTurn(
            now,
            { categoryId: category.id, customerLanguage: request.customerLanguage ?? DEFAULT_CUSTOMER_LANGUAGE },
            (assign) => {
              let holdsTurn = false;
              return retryWhileStale(
                async () => {
                  const { agent, items, guard } = await assign();
                  holdsTurn = agent !== undefined;
                  return write(agent, items, guard);
                },
                { ...CREATE_RETRY, capMs: () => (holdsTurn ? TURN_HELD_CAP_MS : CREATE_RETRY.capMs) },
              );
            },
          );
    recordMetrics({ TicketsCreated: 1, ...(!chosen && ticket.assignedToId ? { AutoAssignments: 1 } : {}) });
    return { ticket, replayed: false };
  } catch (error) {
    // The same key won a race with this request: answer with the ticket the first one made.
    if (error instanceof IdempotentReplay && idempotency) {
      const replay = await replayOf(idempotency, now);
      if (replay) return { ticket: replay, replayed: true };
    }
    throw error;
  }
}
