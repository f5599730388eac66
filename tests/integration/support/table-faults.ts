/**
 * Table faults on demand: DynamoDB failing some writes for a while, as it does to a function that loses its network
 * or meets a table that is down. The fault is injected at the SDK's edge (a middleware on the one document client the
 * function code in this process uses), so the code under test is exactly what runs, and the request never leaves.
 */
import type { Job } from '#functions/domain/outbound.ts';
import { dynamo } from '#functions/lib/clients.ts';
import { keys } from '#functions/data/table.ts';

/** The error the SDK raises when the endpoint cannot be reached. */
const unreachable = () =>
  Object.assign(new Error('connect ECONNREFUSED (table fault injected by the test)'), {
    name: 'TimeoutError',
    code: 'ECONNREFUSED',
    $metadata: {},
  });

interface UpdateInput {
  Key?: Record<string, unknown>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

export interface DoneRecordFault {
  /** The jobs whose `done` record failed at least once, by id. */
  readonly failedJobs: ReadonlySet<string>;
  /** How many `done` records failed. */
  readonly failures: number;
  /** Ends the fault: the table answers again. */
  heal(): void;
}

/**
 * failDoneRecords: every write that records a job of `kind` as delivered fails, as if the table were unreachable,
 * until `heal()`; every other request goes through. A job is recognised by its item's key (`JOB#<kind>#…`) and the
 * write by the status it sets.
 */
export function failDoneRecords(kind: Job['kind']): DoneRecordFault {
  const name = `fail-done-records-${kind}-${Math.random().toString(36).slice(2)}`;
  const prefix = keys.outboundJob(kind, '').pk;
  const failedJobs = new Set<string>();
  let failures = 0;
  const stack = dynamo().middlewareStack;
  stack.add(
    (next, context) => async (args) => {
      const input = args.input as UpdateInput;
      const pk = input.Key?.pk;
      if (
        context.commandName === 'UpdateItemCommand' &&
        typeof pk === 'string' &&
        pk.startsWith(prefix) &&
        input.ExpressionAttributeValues?.[':done'] === 'done'
      ) {
        failures++;
        failedJobs.add(pk.slice(prefix.length));
        throw unreachable();
      }
      return next(args);
    },
    { step: 'initialize', name },
  );
  return {
    failedJobs,
    get failures() {
      return failures;
    },
    heal: () => void stack.remove(name),
  };
}
