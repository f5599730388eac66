/**
 * The sender of the `incident` kind: SQS messages from the dispatcher (and from its own list jobs), each one attempt
 * at one step of an incident's fan-out to its children (docs/decisions/093-incident-fan-out.md).
 */
import { incidentGuarantee, incidentPayloadSchema, INCIDENT_KIND } from '../domain/incident-jobs.ts';
import { defineSender } from '../outbound/sender.ts';
import { deliverIncidentWork } from '../use-cases/tickets/incident-fan-out.ts';

export const handler = defineSender({
  kind: INCIDENT_KIND,
  payload: incidentPayloadSchema,
  send: deliverIncidentWork,
  guarantee: incidentGuarantee,
});
