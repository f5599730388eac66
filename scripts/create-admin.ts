/**
 * `npm run create-admin -- --email ada@example.com --first Ada --last Lovelace`: the first administrator of a new
 * deployment (the stack creates no users). It runs the same account sequence as `POST /api/users`, against the
 * table and user pool named by the stack outputs: set TABLE_NAME, COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID
 * (and AWS_REGION / credentials as for any AWS CLI call). The password comes from ADMIN_PASSWORD.
 */
import { parseArgs } from 'node:util';
import { createUserSchema } from '#shared/schemas/user.ts';

const { values } = parseArgs({
  options: { email: { type: 'string' }, first: { type: 'string' }, last: { type: 'string' } },
});

const input = createUserSchema.safeParse({
  email: values.email,
  firstName: values.first,
  lastName: values.last,
  password: process.env.ADMIN_PASSWORD,
  role: 'admin',
});
if (!input.success) {
  for (const issue of input.error.issues) console.error(`${issue.path.join('.') || 'input'}: ${issue.message}`);
  console.error('Usage: ADMIN_PASSWORD=… npm run create-admin -- --email E --first F --last L');
  process.exit(2);
}

// Imported after validation: the function modules read their configuration from the environment.
const { createStaffAccount } = await import('#functions/use-cases/staff/create-staff-account.ts');
const { systemCaller } = await import('#functions/domain/caller.ts');
// The operator running this script is trusted: the first admin cannot be created by an admin.
const user = await createStaffAccount(systemCaller('create-admin', 'create-admin script'), input.data);
console.log(`Created admin ${user.email} (${user.id}). They can sign in now.`);
