import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { type EventSourceMappingOptions, type IFunction, StartingPosition } from 'aws-cdk-lib/aws-lambda';

/** The four stream actions AWS documents for a Lambda reading a DynamoDB stream. */
export const STREAM_READ_ACTIONS = [
  'dynamodb:DescribeStream',
  'dynamodb:GetRecords',
  'dynamodb:GetShardIterator',
  'dynamodb:ListStreams',
] as const;

/**
 * Feeds the table's stream to a function: its own event source mapping (from the stream's end) and read access to
 * this table's streams only. Wired by hand rather than with DynamoEventSource, whose grant adds dynamodb:ListStreams
 * on "*".
 */
export function consumeTableStream(
  fn: IFunction,
  table: ITable,
  id: string,
  options: Omit<EventSourceMappingOptions, 'eventSourceArn' | 'startingPosition'>,
): void {
  if (!table.tableStreamArn) throw new Error(`${fn.node.path} reads the table stream, but the table has none.`);
  fn.addToRolePolicy(
    new PolicyStatement({ actions: [...STREAM_READ_ACTIONS], resources: [`${table.tableArn}/stream/*`] }),
  );
  fn.addEventSourceMapping(id, {
    eventSourceArn: table.tableStreamArn,
    startingPosition: StartingPosition.LATEST,
    ...options,
  });
}
