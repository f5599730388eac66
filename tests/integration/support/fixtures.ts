/**
 * Test data made through the real emulators: a staff member is a Cognito user plus a directory item, exactly as
 * the product creates them.
 */
import { randomUUID } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '#shared/constants.ts';
import type { User } from '#shared/schemas/user.ts';
import { putNewUser } from '#functions/data/users.ts';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { rememberDeskSettings } from '#functions/data/settings.ts';
import { keys } from '#functions/data/table.ts';
import { deskSettingsOverDefaults } from '#functions/domain/settings.ts';
import { config, resetConfigForTests } from '#functions/lib/config.ts';
import { systemCaller } from '#functions/domain/caller.ts';

let cognito: CognitoIdentityProviderClient | undefined;
const client = () =>
  (cognito ??= new CognitoIdentityProviderClient({
    region: process.env.AWS_REGION,
    endpoint: process.env.COGNITO_ENDPOINT,
  }));

/** The tests themselves, when they set the scene through the use cases (as the seed and the jobs do). */
export const TEST_SYSTEM = systemCaller('integration-tests', 'Integration tests');

/** An e-mail address no other test uses. */
export const uniqueEmail = (prefix = 'staff'): string => `${prefix}-${randomUUID().slice(0, 8)}@test.local`;

export interface StaffFixture {
  user: User;
  email: string;
  password: string;
}

/** Creates a signed-up, active staff member with the given role. */
export async function createStaffUser(options: {
  role: Role;
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
}): Promise<StaffFixture> {
  const email = options.email ?? uniqueEmail(options.role);
  const password = options.password ?? `Pw-${randomUUID().slice(0, 12)}`;
  const created = await client().send(
    new AdminCreateUserCommand({
      UserPoolId: process.env.COGNITO_USER_POOL_ID,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await client().send(
    new AdminSetUserPasswordCommand({
      UserPoolId: process.env.COGNITO_USER_POOL_ID,
      Username: email,
      Password: password,
      Permanent: true,
    }),
  );
  const sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error('cognito-local returned no sub');
  const user = await putNewUser({
    id: sub,
    email,
    firstName: options.firstName ?? options.role[0]!.toUpperCase() + options.role.slice(1),
    lastName: options.lastName ?? 'Tester',
    role: options.role,
  });
  return { user, email, password };
}

/**
 * Sets the desk's four-eyes approval on or off, straight in the table (docs/decisions/095-four-eyes-approval.md). The
 * run's files share one table whose admins accumulate, so every file starts with it off (tests/integration/setup-env.ts)
 * and the files about it turn it on; those also want the change seen at once by the handlers in this process
 * (`remember`).
 *
 * It writes with a client and a configuration of its own and leaves the process's cached ones unmade: a file that
 * starts a runtime of its own (with its own DynamoDB Local) points the function code there only after this has run,
 * and a client made now would keep talking to the shared emulator.
 */
export async function setFourEyes(on: boolean, { remember = true }: { remember?: boolean } = {}): Promise<void> {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: process.env.AWS_REGION ?? 'us-east-1', endpoint: process.env.DYNAMODB_ENDPOINT }),
  );
  try {
    const { tableName } = config();
    const { Item } = await client.send(
      new GetCommand({ TableName: tableName, Key: keys.deskSettings(), ConsistentRead: true }),
    );
    const settings = { ...deskSettingsOverDefaults(Item?.settings), approvals: { fourEyes: on } };
    await client.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...keys.deskSettings(), settings, updatedAt: new Date().toISOString() },
      }),
    );
    if (remember) rememberDeskSettings(settings);
  } finally {
    client.destroy();
    if (!remember) resetConfigForTests();
  }
}

/** Four-eyes off: admins' actions run at once, as with a single admin. */
export const withoutFourEyes = (options?: { remember?: boolean }): Promise<void> => setFourEyes(false, options);
