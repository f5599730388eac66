/**
 * The routing queue drains itself (docs/decisions/006-routing-by-availability-capacity-skill.md): when an agent becomes
 * able to take more (available again, under their cap again, a higher cap) or a ticket starts waiting, the table's
 * stream runs this (functions/jobs/router.ts). It takes the queue's head and assigns it by round robin, one ticket at a
 * time and in the queue's order, until the queue is empty or nobody eligible is left. Each assignment is written over
 * the version of the ticket read while it was still waiting, so two runs at once never assign one ticket twice: the
 * loser reads it again, sees it taken, and moves on to the next.
 */
import { DEFAULT_CUSTOMER_LANGUAGE } from '#shared/constants.ts';
import type { Actor } from '#shared/schemas/ticket.ts';
import { requireTicket } from '../../data/tickets/item.ts';
import { listWaitingTickets } from '../../data/tickets/queue.ts';
import { writeTicketChange } from '../../data/tickets/writes.ts';
import { listStaffRecords } from '../../data/users.ts';
import { eligibleAgents, isWaiting } from '../../domain/routing.ts';
import { assignTicket } from '../../domain/tickets.ts';
import { asAssignee, retryWhileStale } from '../tickets/common.ts';
import { withRoundRobinTurn } from '../tickets/round-robin.ts';

export const SYSTEM_ROUTING_ACTOR: Actor = { type: 'system', id: 'routing', name: 'Routing' };

/** Most tickets one run assigns; a run that stops here is followed by the next trigger's. */
const MAX_PER_RUN = 500;

/** The ticket left the queue (assigned by someone else, resolved) between the read and the write. */
class NoLongerWaiting extends Error {
  override name = 'NoLongerWaiting';
}

/** Nobody can take the ticket yet: it stays at the head of the queue. */
class NobodyEligible extends Error {
  override name = 'NobodyEligible';
}

type Outcome = 'assigned' | 'nobody' | 'gone';

/** Assigns one waiting ticket to the next eligible agent, if there is one. */
async function assignWaiting(id: number, now: Date): Promise<Outcome> {
  const first = await requireTicket(id);
  if (!isWaiting(first)) return 'gone';
  const routed = {
    categoryId: first.categoryId,
    customerLanguage: first.customerLanguage ?? DEFAULT_CUSTOMER_LANGUAGE,
  };
  // Nobody can take anything: no turn is taken from the creates in line.
  if (eligibleAgents(await listStaffRecords(), routed).length === 0) return 'nobody';
  try {
    return await withRoundRobinTurn(now, routed, (assign) =>
      retryWhileStale(async (): Promise<Outcome> => {
        const current = await requireTicket(id);
        // Thrown, not returned: the turn taken is handed on.
        if (!isWaiting(current)) throw new NoLongerWaiting();
        const { agent, items, guard } = await assign();
        if (!agent || !guard) throw new NobodyEligible();
        await writeTicketChange(current, assignTicket(current, asAssignee(agent), now), {
          actor: SYSTEM_ROUTING_ACTOR,
          action: 'assigned',
          extra: items,
          assignee: { userId: agent.id, guard },
          now,
        });
        return 'assigned';
      }),
    );
  } catch (error) {
    if (error instanceof NoLongerWaiting) return 'gone';
    if (error instanceof NobodyEligible) return 'nobody';
    throw error;
  }
}

/** routeWaitingTickets: assigns waiting tickets in the queue's order while anyone eligible is left; how many. */
export async function routeWaitingTickets(): Promise<number> {
  let assigned = 0;
  let lastGone: number | undefined;
  while (assigned < MAX_PER_RUN) {
    const [head] = await listWaitingTickets(1);
    if (!head) break;
    const outcome = await assignWaiting(head.id, new Date());
    if (outcome === 'nobody') break;
    if (outcome === 'assigned') assigned++;
    else {
      // The index may still show a ticket that has just left the queue; twice in a row, leave it to the next run.
      if (lastGone === head.id) break;
      lastGone = head.id;
    }
  }
  return assigned;
}
