/**
 * API keys of upstream systems (docs/decisions/030): admins create them (the secret is shown once), list and revoke
 * them.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { ApiKey, CreateApiKeyInput } from '#shared/schemas/api-key.ts';
import { createApiKey, getApiKeySecretHash, hashApiKey, listApiKeys, revokeApiKey } from '../../data/api-keys.ts';
import { DEFAULT_RETRY, withRetries } from '../../data/transactions.ts';
import { API_KEY_SECRET_BYTES, apiKeySecret, newApiKey } from '../../domain/api-keys.ts';
import type { Caller } from '../../domain/caller.ts';
import { API_KEY_ACCESS, assertAccess, staffMember } from '../../domain/permissions.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { auditEntryItem } from '../../data/audit.ts';
import { auditActorOf, clientAddressOf } from '../../domain/audit.ts';
import { seal } from '../../lib/secrets.ts';
import type { Approved } from '../approvals/hold.ts';

/** listApiKeysFor: admins only; every key, newest first. */
export async function listApiKeysFor(caller: Caller): Promise<ApiKey[]> {
  assertAccess(caller, API_KEY_ACCESS.manage);
  return listApiKeys();
}

/**
 * issueApiKey: admins only; a new key and its secret, which is returned this once and stored only as a hash. Approved
 * by a second admin, the secret waits sealed on the request until its requester reveals it, once
 * (docs/decisions/095-four-eyes-approval.md).
 */
export async function issueApiKey(
  caller: Caller,
  input: CreateApiKeyInput,
  now = new Date(),
  approved?: Approved,
): Promise<{ apiKey: ApiKey; secret: string }> {
  const admin = staffMember(caller, API_KEY_ACCESS.manage);
  const secret = apiKeySecret(randomBytes(API_KEY_SECRET_BYTES));
  const apiKey = newApiKey(input, { id: randomUUID(), createdBy: { id: admin.id, email: admin.email }, now });
  await createApiKey(apiKey, hashApiKey(secret), [
    auditEntryItem({
      action: 'api_key_created',
      actor: auditActorOf(caller),
      target: { type: 'apiKey', id: apiKey.id, name: apiKey.name },
      details: `scopes: ${apiKey.scopes.join(', ')}`,
      clientAddress: clientAddressOf(caller),
      at: now,
      ...(approved ? { approvedBy: approved.approvedBy } : {}),
    }),
    ...(approved ? [approved.decision(await seal('approval-secret', secret))] : []),
  ]);
  return { apiKey, secret };
}

/** revokeApiKeyFor: admins only; the next call with the key is refused. Revoking twice keeps the first time. */
export async function revokeApiKeyFor(caller: Caller, id: string, now = new Date()): Promise<void> {
  assertAccess(caller, API_KEY_ACCESS.manage);
  const secretHash = await getApiKeySecretHash(id);
  if (!secretHash) throw new NotFoundError('error.apiKey.notFound');
  const audit = auditEntryItem({
    action: 'api_key_revoked',
    actor: auditActorOf(caller),
    target: { type: 'apiKey', id, name: id },
    clientAddress: clientAddressOf(caller),
    at: now,
  });
  // Revocation writes the same whatever happened meanwhile, so a write that met another is simply made again.
  await withRetries({ ...DEFAULT_RETRY, exhausted: () => new ConflictError('error.apiKey.changedMeanwhile') }, () =>
    revokeApiKey(id, secretHash, now, [audit]),
  );
}
