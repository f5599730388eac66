/**
 * The embedded stream poller on a test's own table, with clients of its own: what the event source mappings on the
 * table's stream are in AWS.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { LOCAL_CREDENTIALS } from '#infra/local/env.ts';
import { type StreamConsumer, type StreamPoller, startStreamPoller } from '#infra/local/stream-poller.ts';

/** Feeds the table's stream to each consumer (from its current end) every 50 ms; `stop()` also closes the clients. */
export async function pollTableStream(tableName: string, consumers: StreamConsumer[]): Promise<StreamPoller> {
  const aws = {
    endpoint: process.env.DYNAMODB_ENDPOINT,
    region: process.env.AWS_REGION,
    credentials: LOCAL_CREDENTIALS,
  };
  const dynamo = new DynamoDBClient(aws);
  const streams = new DynamoDBStreamsClient(aws);
  const close = () => {
    dynamo.destroy();
    streams.destroy();
  };
  try {
    const poller = await startStreamPoller({ dynamo, streams, tableName, consumers, intervalMs: 50 });
    return {
      async stop() {
        await poller.stop();
        close();
      },
    };
  } catch (error) {
    close();
    throw error;
  }
}
