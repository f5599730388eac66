/**
 * Test data for the ticket, dashboard and overdue tests: categories, API keys, signed-in clients, and a dedicated
 * table for tests that compare figures against a full recount.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { ApiKeyScope, Role } from '#shared/constants.ts';
import type { Category } from '#shared/schemas/category.ts';
import { type Ticket, ticketSchema } from '#shared/schemas/ticket.ts';
import { createApiKey, hashApiKey } from '#functions/data/api-keys.ts';
import { createCategory } from '#functions/data/categories.ts';
import { resetConfigForTests } from '#functions/lib/config.ts';
import { ensureTable } from '#infra/local/table.ts';
import { LOCAL_CREDENTIALS } from '#infra/local/env.ts';
import { ApiClient } from './support/api.ts';
import { createStaffUser, type StaffFixture } from './support/fixtures.ts';

/** A new active category with a name no other test uses. */
export async function createTestCategory(overrides: Partial<Category> = {}): Promise<Category> {
  const at = new Date().toISOString();
  return createCategory({
    id: randomUUID(),
    name: `cat_${randomUUID().slice(0, 8)}`,
    displayName: 'Test category',
    description: null,
    color: '#3b82f6',
    isActive: true,
    restricted: false,
    usageCount: 0,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  });
}

/** An active API key with these scopes, made as the API-keys module makes one; returns its id and secret. */
export async function createTestApiKey(
  scopes: ApiKeyScope[],
  name = 'Trading platform',
): Promise<{ id: string; secret: string }> {
  const secret = `hk_${randomBytes(24).toString('base64url')}`;
  const apiKey = await createApiKey(
    {
      id: randomUUID(),
      name,
      scopes,
      createdAt: new Date().toISOString(),
      createdBy: { id: 'tickets-tests', email: 'tickets-tests@test.local' },
      lastUsedAt: null,
      revokedAt: null,
    },
    hashApiKey(secret),
  );
  return { id: apiKey.id, secret };
}

export interface SignedIn extends StaffFixture {
  client: ApiClient;
}

/** A new staff member with `role`, signed in through the API. */
export async function signedIn(
  url: string,
  role: Role,
  names: { firstName?: string; lastName?: string } = {},
): Promise<SignedIn> {
  const staff = await createStaffUser({ role, ...names });
  const client = new ApiClient(url);
  await client.signIn(staff.email, staff.password);
  return { ...staff, client };
}

/** A valid create body; `category` must name an active category. */
export const ticketBody = (category: string, overrides: Record<string, unknown> = {}) => ({
  customerEmail: `customer-${randomUUID().slice(0, 6)}@example.com`,
  subject: 'Withdrawal still pending',
  description: 'My withdrawal has been pending for more than two hours.',
  category,
  priority: 'medium',
  type: 'direct',
  ...overrides,
});

/** Files a ticket with `client` through the API; fails the test unless it is created. */
export async function createTicketAs(client: ApiClient, body: Record<string, unknown>): Promise<Ticket> {
  const res = await client.post('/api/tickets', body);
  if (res.status !== 201) throw new Error(`Ticket not created: ${res.status} ${JSON.stringify(res.body)}`);
  return ticketSchema.parse(res.body);
}

/**
 * Points the function code (in this process) at a fresh table, for tests that compare against a recount of only
 * their own tickets or need a known set of agents. `restore()` points it back and drops the table.
 */
export async function useDedicatedTable(prefix: string): Promise<{ tableName: string; restore: () => Promise<void> }> {
  const previous = process.env.TABLE_NAME;
  const tableName = `${prefix}-${randomUUID().slice(0, 8)}`;
  const admin = new DynamoDBClient({
    endpoint: process.env.DYNAMODB_ENDPOINT,
    region: process.env.AWS_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  await ensureTable(admin, tableName);
  process.env.TABLE_NAME = tableName;
  resetConfigForTests();
  return {
    tableName,
    async restore() {
      process.env.TABLE_NAME = previous;
      resetConfigForTests();
      await admin.send(new DeleteTableCommand({ TableName: tableName }));
      admin.destroy();
    },
  };
}
