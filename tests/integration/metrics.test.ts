/**
 * The metrics the HTTP handler wrapper writes (functions/lib/metrics.ts, ADR 066), read back from the EMF lines it
 * prints once metrics are turned on: latency and the outcome of every request by its route-table key, never by the
 * raw path. The embedded runtime keeps them off (infra/local/env.ts); this file turns them on for itself.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Gateway } from '#infra/local/gateway.ts';
import { METRICS_NAMESPACE } from '#functions/lib/metrics.ts';
import { ApiClient, startApi } from './support/api.ts';

interface EmfDocument {
  _aws: {
    CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[];
  };
  [field: string]: unknown;
}

let api: Gateway;
const printed: string[] = [];

beforeAll(async () => {
  api = await startApi();
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk, ...rest) => {
    printed.push(String(chunk));
    return write(chunk, ...(rest as []));
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  process.env.POWERTOOLS_METRICS_DISABLED = 'true';
  await api.close();
});

/** The EMF documents printed so far whose `route` is `route`. */
const documentsOf = (route: string): EmfDocument[] =>
  printed
    .flatMap((chunk) => chunk.split('\n'))
    .filter((line) => line.startsWith('{') && line.includes('"_aws"'))
    .map((line) => JSON.parse(line) as EmfDocument)
    .filter((doc) => doc.route === route);

describe('per-route metrics', () => {
  it('measure a request by its route-table key, with its latency and outcome, in the namespace the alarms read', async () => {
    const answer = await new ApiClient(api.url).get('/api/tickets/4242');
    expect(answer.status).toBe(401);
    const docs = documentsOf('GET /api/tickets/{id}');
    expect(docs).toHaveLength(1);
    const [directive] = docs[0]!._aws.CloudWatchMetrics;
    expect(directive!.Namespace).toBe(METRICS_NAMESPACE);
    expect(directive!.Dimensions).toEqual([['service', 'route']]);
    expect(directive!.Metrics.map((m) => `${m.Name} ${m.Unit}`).sort()).toEqual([
      'RouteClientErrors Count',
      'RouteLatency Milliseconds',
      'RouteServerErrors Count',
    ]);
    expect(docs[0]).toMatchObject({ service: 'helpdesk', RouteClientErrors: 1, RouteServerErrors: 0 });
    expect(docs[0]!.RouteLatency).toEqual(expect.any(Number));
  });

  it('never name the raw path, whose ids would make a metric per ticket', () => {
    expect(documentsOf('/api/tickets/4242')).toEqual([]);
    expect(documentsOf('GET /api/tickets/4242')).toEqual([]);
  });
});
