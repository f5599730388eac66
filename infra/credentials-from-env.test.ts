/**
 * The credential provider the function bundles get in place of the SDK's default chain
 * (infra/constructs/credentials-from-env.cjs, docs/decisions/100-function-bundles.md).
 */
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';

const { defaultProvider } = createRequire(import.meta.url)('./constructs/credentials-from-env.cjs') as {
  defaultProvider: () => () => Promise<Record<string, unknown>>;
};

const NAMES = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_CREDENTIAL_EXPIRATION'] as const;
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));

function setEnvironment(values: Partial<Record<(typeof NAMES)[number], string>>) {
  for (const name of NAMES) {
    if (values[name] === undefined) delete process.env[name];
    else process.env[name] = values[name];
  }
}

afterEach(() => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('credentials in a function bundle', () => {
  it('are the role credentials Lambda puts in the environment, session token included', async () => {
    setEnvironment({ AWS_ACCESS_KEY_ID: 'ASIAEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret', AWS_SESSION_TOKEN: 'token' });
    expect(await defaultProvider()()).toMatchObject({
      accessKeyId: 'ASIAEXAMPLE',
      secretAccessKey: 'secret',
      sessionToken: 'token',
    });
  });

  it('carry the expiry when the environment gives one', async () => {
    setEnvironment({
      AWS_ACCESS_KEY_ID: 'ASIAEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_CREDENTIAL_EXPIRATION: '2026-11-28T00:00:00Z',
    });
    expect((await defaultProvider()()).expiration).toEqual(new Date('2026-11-28T00:00:00Z'));
  });

  it('are refused with a clear error when the environment holds none', async () => {
    setEnvironment({ AWS_SECRET_ACCESS_KEY: 'secret' });
    await expect(defaultProvider()()).rejects.toThrow(/environment variable credentials/);
  });
});
