/**
 * Pushes frames to WebSocket clients through the API Gateway management API: AWS's own endpoint in AWS, the
 * embedded gateway's `@connections` in the local runtime (same client, same errors).
 */
import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { settleWithConcurrency } from './concurrency.ts';
import { config } from './config.ts';

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

/** How one send ended: delivered, the connection is gone for good (410), or any other failure. */
export type SendOutcome =
  | { connectionId: string; status: 'sent' }
  | { connectionId: string; status: 'gone' }
  | { connectionId: string; status: 'failed'; error: Error };

/** Matched by name: bundles minify class names, and the SDK sets `name` from the `x-amzn-errortype` header. */
const isGone = (error: unknown) => (error as Error | undefined)?.name === 'GoneException';

/**
 * postFrames: sends each frame to its connection, at most `concurrency` at a time; every frame is tried and its
 * outcome reported, none thrown.
 */
export async function postFrames(frames: readonly Frame[], concurrency: number): Promise<SendOutcome[]> {
  if (!frames.length) return [];
  const api = managementApi();
  const encoder = new TextEncoder();
  const settled = await settleWithConcurrency(frames, concurrency, (frame) =>
    api.send(new PostToConnectionCommand({ ConnectionId: frame.connectionId, Data: encoder.encode(frame.body) })),
  );
  return settled.map((result, i): SendOutcome => {
    const { connectionId } = frames[i]!;
    if (result.status === 'fulfilled') return { connectionId, status: 'sent' };
    if (isGone(result.reason)) return { connectionId, status: 'gone' };
    const error = result.reason instanceof Error ? result.reason : new Error(String(result.reason));
    return { connectionId, status: 'failed', error };
  });
}
