import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from './config.ts';
import { forgetKeysForTests, mac, newAppSecret, seal, unseal, verifyMac } from './secrets.ts';

const BASE_ENV = { TABLE_NAME: 't', COGNITO_USER_POOL_ID: 'p', COGNITO_CLIENT_ID: 'c' };

function useEnv(env: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries({
    ...BASE_ENV,
    APP_SECRET: undefined,
    APP_SECRET_ARN: undefined,
    ...env,
  })) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetConfigForTests();
  forgetKeysForTests();
}

describe('keys from APP_SECRET', () => {
  beforeEach(() => useEnv({ APP_SECRET: newAppSecret() }));

  it('verifies its own MAC and refuses one made for another purpose or message', async () => {
    const tag = await mac('reply-address', 'ticket 42');
    expect(await verifyMac('reply-address', 'ticket 42', tag)).toBe(true);
    expect(await verifyMac('rating-link', 'ticket 42', tag)).toBe(false);
    expect(await verifyMac('reply-address', 'ticket 43', tag)).toBe(false);
  });

  it('checks a shortened MAC at the length it was cut to, and refuses malformed ones', async () => {
    const short = await mac('reply-address', 'ticket 42', 16);
    expect(short).toHaveLength(22);
    expect(await verifyMac('reply-address', 'ticket 42', short)).toBe(true);
    expect(await verifyMac('reply-address', 'ticket 42', short.slice(0, -1))).toBe(false);
    expect(await verifyMac('reply-address', 'ticket 42', `${short}=`)).toBe(false);
    expect(await verifyMac('reply-address', 'ticket 42', '')).toBe(false);
  });

  it('unseals what it sealed, and nothing altered or sealed for another purpose', async () => {
    const sealed = await seal('webhook-secret', 'whsec_abc');
    expect((await unseal('webhook-secret', sealed))?.toString()).toBe('whsec_abc');
    expect(await unseal('list-cursor', sealed)).toBeUndefined();
    const flipped = Buffer.from(sealed, 'base64url');
    flipped.writeUInt8(flipped.readUInt8(flipped.length - 1) ^ 1, flipped.length - 1);
    expect(await unseal('webhook-secret', flipped.toString('base64url'))).toBeUndefined();
    expect(await unseal('webhook-secret', 'short')).toBeUndefined();
  });

  it('seals the same text differently each time', async () => {
    expect(await seal('list-cursor', 'x')).not.toBe(await seal('list-cursor', 'x'));
  });

  it('makes different keys from different master secrets', async () => {
    const tag = await mac('rating-link', 'ticket 1');
    useEnv({ APP_SECRET: newAppSecret() });
    expect(await verifyMac('rating-link', 'ticket 1', tag)).toBe(false);
  });

  it('refuses a master secret shorter than 256 bits', async () => {
    useEnv({ APP_SECRET: Buffer.alloc(16).toString('base64url') });
    await expect(mac('rating-link', 'x')).rejects.toThrow(/at least 32 random bytes/);
  });
});

describe('keys from Secrets Manager (AWS)', () => {
  const secretsManager = mockClient(SecretsManagerClient);
  afterEach(() => secretsManager.reset());

  it('reads the master secret once per process and signs with it', async () => {
    const secret = newAppSecret();
    secretsManager.on(GetSecretValueCommand, { SecretId: 'arn:secret' }).resolves({ SecretString: secret });
    useEnv({ APP_SECRET_ARN: 'arn:secret' });
    const tag = await mac('list-cursor', 'page 2');
    await mac('reply-address', 'page 2');
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(1);

    useEnv({ APP_SECRET: secret });
    expect(await verifyMac('list-cursor', 'page 2', tag)).toBe(true);
  });

  it('tries again after a failed read instead of keeping the failure', async () => {
    secretsManager
      .on(GetSecretValueCommand)
      .rejectsOnce(new Error('throttled'))
      .resolves({ SecretString: newAppSecret() });
    useEnv({ APP_SECRET_ARN: 'arn:secret' });
    await expect(mac('list-cursor', 'x')).rejects.toThrow('throttled');
    await expect(mac('list-cursor', 'x')).resolves.toHaveLength(43);
  });
});
