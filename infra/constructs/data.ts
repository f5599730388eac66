import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE_SCHEMA } from '#functions/data/table.ts';

/** The single DynamoDB table, shaped by the same TABLE_SCHEMA the embedded runtime creates locally. */
export class Data extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_SCHEMA.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_SCHEMA.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      // Restorable to any second of the last 35 days (docs/operations.md, "Restoring the table").
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // Old images let the notifier tell "became overdue" or "was reassigned" from a plain update.
      stream: StreamViewType.NEW_AND_OLD_IMAGES,
      timeToLiveAttribute: TABLE_SCHEMA.ttlAttribute,
      // Tickets and staff are the business record: a stack deletion must never take them along.
      removalPolicy: RemovalPolicy.RETAIN,
      // Nor may anyone delete it by hand or by mistake; docs/operations.md says how to restore it from PITR.
      deletionProtection: true,
    });

    for (const index of TABLE_SCHEMA.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.pk, type: AttributeType.STRING },
        sortKey: { name: index.sk, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }
  }
}
