/**
 * The planners the dispatcher (functions/jobs/outbox.ts) asks about every change of the table: one per kind of
 * outbound delivery in QUEUE_KINDS (functions/api/routes.ts). A kind plugs in here with its planner, a pure function of
 * the change (docs/decisions/051-outbound-delivery.md), or of the change and a few items read once per batch (a
 * BatchPlanner: webhooks, ADR 052).
 */
import type { BatchPlanner, Planner } from '../domain/outbound.ts';
import { incidentPlanner } from './incident-planner.ts';
import { mailPlanner } from './mail-planner.ts';
import { webhookPlanner } from './webhook-planner.ts';

export const PLANNERS: readonly (Planner | BatchPlanner)[] = [mailPlanner as Planner, webhookPlanner, incidentPlanner];
