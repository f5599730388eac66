/**
 * CloudWatch metrics in the embedded metric format (EMF): Powertools Metrics writes each measurement as one JSON log
 * line, which CloudWatch Logs turns into metrics; no API call is made (docs/decisions/066-observability.md). The
 * names below are the contract with the alarms and the dashboard (infra/constructs/observability.ts).
 *
 * Configuration only: `POWERTOOLS_METRICS_DISABLED=true` turns every call into nothing (the embedded runtime's setting,
 * infra/local/env.ts). Each call writes its own document from its own buffer, so requests served at the same time in
 * one process never mix their dimensions.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

/** The namespace of every metric the functions write. */
export const METRICS_NAMESPACE = 'Helpdesk';
/** Powertools' `service` dimension, on every metric. */
export const METRICS_SERVICE = 'helpdesk';

/** Every metric the functions write, with its unit. */
export const METRICS = {
  /** One per HTTP request, by route (`route` dimension): how long the handler took. */
  RouteLatency: MetricUnit.Milliseconds,
  /** One per HTTP request, by route: 1 when the answer was a 5xx, else 0 (its average is the route's error rate). */
  RouteServerErrors: MetricUnit.Count,
  /** One per HTTP request, by route: 1 when the answer was a 4xx, else 0. */
  RouteClientErrors: MetricUnit.Count,
  /** A ticket opened (any channel); a replay of an idempotent create is not counted. */
  TicketsCreated: MetricUnit.Count,
  /** A new ticket given to an agent by round-robin. */
  AutoAssignments: MetricUnit.Count,
  /** Real-time alarm frames that reached a socket. */
  AlarmsDelivered: MetricUnit.Count,
  /** E-mails SES accepted. */
  MailsSent: MetricUnit.Count,
  /** Recipients SES reported as bouncing for good. */
  MailsBounced: MetricUnit.Count,
  /** Webhook attempts that failed (no answer, or not a 2xx, or a refused target). */
  WebhookFailures: MetricUnit.Count,
} as const;

export type MetricName = keyof typeof METRICS;

/** The dimension the per-route metrics carry: the route-table key (`GET /api/tickets/{id}`), never the raw path. */
export const ROUTE_DIMENSION = 'route';

/**
 * Writes these values now, as one EMF document with these dimensions (besides Powertools' own `service`); does
 * nothing when metrics are disabled. Never throws: a measurement must not fail the work it measures.
 */
export function recordMetrics(
  values: Partial<Record<MetricName, number>>,
  dimensions: Readonly<Record<string, string>> = {},
): void {
  try {
    const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: METRICS_SERVICE });
    for (const [name, value] of Object.entries(dimensions)) metrics.addDimension(name, value);
    let any = false;
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) continue;
      metrics.addMetric(name, METRICS[name as MetricName], value);
      any = true;
    }
    if (any) metrics.publishStoredMetrics();
  } catch {
    // A malformed dimension or value: the work goes on unmeasured.
  }
}
