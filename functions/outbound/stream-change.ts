import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { KEYS } from '../data/table.ts';
import type { StreamChange } from '../domain/outbound.ts';

type Image = NonNullable<NonNullable<DynamoDBRecord['dynamodb']>['NewImage']>;

const decode = (image: Image | undefined) => (image ? unmarshall(image as Record<string, AttributeValue>) : undefined);

/**
 * streamChange: a stream record as planners read it (keys and images decoded, the commit time as ISO text), or
 * undefined for a record that names no item (it carries no keys or no id). The time falls back to `now` where the
 * record has none.
 */
export function streamChange(record: DynamoDBRecord, now: Date): StreamChange | undefined {
  const stream = record.dynamodb;
  const pk = stream?.Keys?.[KEYS.pk]?.S;
  const sk = stream?.Keys?.[KEYS.sk]?.S;
  const eventId = record.eventID ?? stream?.SequenceNumber;
  const eventName = record.eventName;
  if (!pk || !sk || !eventId || !eventName) return undefined;
  const seconds = stream?.ApproximateCreationDateTime;
  const at = typeof seconds === 'number' ? new Date(seconds * 1000) : now;
  return {
    eventId,
    eventName,
    pk,
    sk,
    before: decode(stream?.OldImage),
    after: decode(stream?.NewImage),
    at: at.toISOString(),
  };
}
