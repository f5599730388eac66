import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { TABLE_SCHEMA } from '#functions/data/table.ts';

/**
 * The single DynamoDB table, shaped by the same TABLE_SCHEMA the embedded runtime creates locally, and the master
 * secret the functions derive their signing and sealing keys from (functions/lib/secrets.ts: `APP_SECRET_ARN`).
 */
export class Data extends Construct {
  readonly table: Table;
  readonly appSecret: Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_SCHEMA.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_SCHEMA.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // Old images let the notifier tell "became overdue" or "was reassigned" from a plain update.
      stream: StreamViewType.NEW_AND_OLD_IMAGES,
      timeToLiveAttribute: TABLE_SCHEMA.ttlAttribute,
      // Tickets and staff are the business record: a stack deletion must never take them along.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.appSecret = new Secret(this, 'AppSecret', {
      description: 'Help desk master secret: the keys that seal webhook secrets and sign tokens are derived from it',
      // 64 letters and digits read as base64url: 48 random bytes, more than the 32 functions/lib/secrets.ts requires.
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      // Sealed webhook secrets cannot be opened without it: a stack deletion must not take it along.
      removalPolicy: RemovalPolicy.RETAIN,
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
