/**
 * Pushes frames to WebSocket clients, and closes their sockets, through the API Gateway management API: AWS's own
 * endpoint in AWS, the embedded gateway's `@connections` in the local runtime (same client, same errors).
 */
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { settleWithConcurrency } from '../lib/concurrency.ts';
import { config } from '../lib/config.ts';

let client: ApiGatewayManagementApiClient | undefined;
let clientEndpoint: string | undefined;

/** The management API client for the configured endpoint, created once per process (and again if it changes). */
export function managementApi(): ApiGatewayManagementApiClient {
  const { region, wsManagementEndpoint } = config();
  if (!wsManagementEndpoint) throw new Error('WS_MANAGEMENT_ENDPOINT is not configured');
  if (!client || clientEndpoint !== wsManagementEndpoint) {
    client?.destroy();
    client = new ApiGatewayManagementApiClient({ region, endpoint: wsManagementEndpoint });
    clientEndpoint = wsManagementEndpoint;
  }
  return client;
}

export interface Frame {
  connectionId: string;
  /** The text sent; the browser receives it as one message. */
  body: string;
}

/** How one call ended: done (sent, closed), the connection is gone for good (410), or any other failure. */
export type SendOutcome =
  | { connectionId: string; status: 'sent' }
  | { connectionId: string; status: 'gone' }
  | { connectionId: string; status: 'failed'; error: Error };

/** Matched by name: bundles minify class names, and the SDK sets `name` from the `x-amzn-errortype` header. */
const isGone = (error: unknown) => (error as Error | undefined)?.name === 'GoneException';

/** Calls the management API for each item, at most `concurrency` at a time; every call's outcome is reported. */
async function callEach<T extends { connectionId: string }>(
  items: readonly T[],
  concurrency: number,
  call: (api: ApiGatewayManagementApiClient, item: T) => Promise<unknown>,
): Promise<SendOutcome[]> {
  if (!items.length) return [];
  const api = managementApi();
  const settled = await settleWithConcurrency(items, concurrency, (item) => call(api, item));
  return settled.map((result, i): SendOutcome => {
    const { connectionId } = items[i]!;
    if (result.status === 'fulfilled') return { connectionId, status: 'sent' };
    if (isGone(result.reason)) return { connectionId, status: 'gone' };
    const error = result.reason instanceof Error ? result.reason : new Error(String(result.reason));
    return { connectionId, status: 'failed', error };
  });
}

/**
 * postFrames: sends each frame to its connection, at most `concurrency` at a time; every frame is tried and its
 * outcome reported, none thrown.
 */
export function postFrames(frames: readonly Frame[], concurrency: number): Promise<SendOutcome[]> {
  const encoder = new TextEncoder();
  return callEach(frames, concurrency, (api, frame) =>
    api.send(new PostToConnectionCommand({ ConnectionId: frame.connectionId, Data: encoder.encode(frame.body) })),
  );
}

/**
 * closeConnections: closes each connection's socket (API Gateway then runs `$disconnect`), at most `concurrency`
 * at a time; `sent` is a closed socket, `gone` one that was closed already. Every one is tried, none thrown.
 */
export function closeConnections(connectionIds: readonly string[], concurrency: number): Promise<SendOutcome[]> {
  return callEach(
    connectionIds.map((connectionId) => ({ connectionId })),
    concurrency,
    (api, { connectionId }) => api.send(new DeleteConnectionCommand({ ConnectionId: connectionId })),
  );
}
