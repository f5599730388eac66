import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { startDynamoDbLocal } from '#infra/local/dynamodb.ts';
import { ensureTable } from '#infra/local/table.ts';
import { LOCAL_CREDENTIALS } from '#infra/local/env.ts';

const ddb = await startDynamoDbLocal({});
try {
  Object.assign(process.env, { TABLE_NAME: 'probe-table', DYNAMODB_ENDPOINT: ddb.endpoint, AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local', COGNITO_USER_POOL_ID: 'x', COGNITO_CLIENT_ID: 'y' });
  const raw = new DynamoDBClient({ endpoint: ddb.endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS });
  await ensureTable(raw, 'probe-table');
  const { putNewUser } = await import('#functions/data/users.ts');
  const { createCategory } = await import('#functions/data/categories.ts');
  const { createTicket } = await import('#functions/data/tickets.ts');
  for (let i = 0; i < 5; i++) await putNewUser({ id: `agent-${i}`, email: `a${i}@x`, firstName: 'A', lastName: String(i), role: 'agent' });
  const at = new Date().toISOString();
  await createCategory({ id: 'c1', name: 'kyc', displayName: 'KYC', description: null, color: '#000000', isActive: true, usageCount: 0, createdAt: at, updatedAt: at });
  const N = Number(process.argv[2] ?? 50);
  const t0 = performance.now();
  const lat: number[] = [];
  await Promise.all(Array.from({ length: N }, async () => {
    const s = performance.now();
    await createTicket({ request: { customerEmail: 'c@x.com', subject: 'hello there', description: 'long enough text', category: 'kyc', priority: 'low', type: 'api' }, actor: { type: 'system', id: 's', name: 's' }, createdById: null, createdByApiKeyId: null });
    lat.push(performance.now() - s);
  }));
  lat.sort((a, b) => a - b);
  console.log('polls', (globalThis as any).__polls, 'impatient', (globalThis as any).__impatient);
  const tx = (globalThis as any).__txms ?? []; console.log('stale', (globalThis as any).__stale, 'tx avg', tx.reduce((a: number, b: number) => a + b, 0) / tx.length);
  console.log(N, 'creates in', Math.round(performance.now() - t0), 'ms; p50', Math.round(lat[Math.floor(N / 2)]!), 'max', Math.round(lat.at(-1)!));
  raw.destroy();
} finally { await ddb.stop(); }
