import { access, mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  DescribeUserPoolCommand,
  ListUserPoolClientsCommand,
  ResourceNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts';
import { type EmulatorProcess, startSupervised, waitUntilReady } from './child.ts';
import { LOCAL_CREDENTIALS, type LocalUserPool } from './env.ts';
import { freePort, waitForFreePort } from './ports.ts';

export interface CognitoLocal extends EmulatorProcess {
  endpoint: string;
  port: number;
}

const READY_TIMEOUT_MS = 30_000;
const APP_CLIENT_NAME = 'helpdesk-web';

/**
 * The staff pool's id in the emulator. cognito-local's CreateUserPool makes `local_*` ids, which
 * CognitoJwtVerifier refuses, so the pool is seeded under an AWS-form id (`<region>_<alphanumeric>`) instead.
 */
export function localUserPoolId(region: string): string {
  return `${region}_HelpDesk1`;
}

/** cognito-local keeps its config and data under `.cognito/` in its working directory. */
const cognitoDir = (dataDir: string) => join(resolve(dataDir), '.cognito');

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/**
 * Writes the emulator's config (tokens carry the AWS issuer for `region`, so the unchanged verifier accepts
 * them) and, the first time, the staff pool's file. cognito-local reads pools from its data folder only when
 * it starts; a pool file is how its README says to keep a pool with a chosen id.
 */
async function prepareDataDir(dataDir: string, region: string): Promise<void> {
  const dir = cognitoDir(dataDir);
  await mkdir(join(dir, 'db'), { recursive: true });
  const config = { TokenConfig: { IssuerDomain: `https://cognito-idp.${region}.amazonaws.com` } };
  await writeFile(join(dir, 'config.json'), `${JSON.stringify(config, null, 2)}\n`);

  const userPoolId = localUserPoolId(region);
  const poolFile = join(dir, 'db', `${userPoolId}.json`);
  if (await exists(poolFile)) return;
  const now = new Date().toISOString();
  // No SchemaAttributes: cognito-local then applies AWS's default attribute schema (sub, email, name, ...).
  const pool = {
    Users: {},
    Options: {
      Id: userPoolId,
      Name: 'helpdesk-staff',
      Arn: `arn:aws:cognito-idp:${region}:000000000000:userpool/${userPoolId}`,
      UsernameAttributes: ['email'],
      MfaConfiguration: 'OFF',
      // cognito-local does not enforce a password policy; this one only keeps DescribeUserPool truthful.
      Policies: {
        PasswordPolicy: {
          MinimumLength: PASSWORD_MIN_LENGTH,
          RequireUppercase: false,
          RequireLowercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
          TemporaryPasswordValidityDays: 7,
        },
      },
      CreationDate: now,
      LastModifiedDate: now,
    },
  };
  await writeFile(poolFile, `${JSON.stringify(pool, null, 2)}\n`);
}

/**
 * Starts cognito-local on 127.0.0.1 with its data under `dataDir/.cognito` (the staff pool seeded there) and
 * resolves once it answers /health.
 */
export async function startCognitoLocal(opts: {
  dataDir: string;
  region: string;
  port?: number;
}): Promise<CognitoLocal> {
  await prepareDataDir(opts.dataDir, opts.region);
  const port = opts.port ?? (await freePort());
  // A restart on the same port: the emulator before must have let go of it, or the probe could reach it.
  if (opts.port !== undefined) await waitForFreePort(opts.port);
  const entry = createRequire(import.meta.url).resolve('cognito-local/lib/bin/start.js');

  const emulator = startSupervised(process.execPath, [entry], {
    cwd: resolve(opts.dataDir),
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
    },
  });

  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(
      'cognito-local',
      emulator,
      async (signal) => (await fetch(`${endpoint}/health`, { signal })).ok,
      READY_TIMEOUT_MS,
    );
  } catch (err) {
    await emulator.stop();
    throw err;
  }
  return {
    endpoint,
    port,
    pid: emulator.pid,
    emulatorPid: emulator.emulatorPid,
    exited: emulator.exited,
    stop: emulator.stop,
  };
}

/**
 * The staff pool and its app client (USER_PASSWORD_AUTH and refresh, no secret), created on first use and
 * found again afterwards, with the emulator's public keys for CognitoJwtVerifier's `cacheJwks`.
 * The pool itself is seeded by startCognitoLocal, before the emulator starts.
 */
export async function ensureUserPool(opts: {
  endpoint: string;
  dataDir: string;
  region: string;
}): Promise<LocalUserPool> {
  const userPoolId = localUserPoolId(opts.region);
  const client = new CognitoIdentityProviderClient({
    endpoint: opts.endpoint,
    region: opts.region,
    credentials: LOCAL_CREDENTIALS,
  });
  try {
    try {
      await client.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }));
    } catch (err) {
      if (!(err instanceof ResourceNotFoundException)) throw err;
      throw new Error(
        `cognito-local at ${opts.endpoint} has no pool ${userPoolId}. Start it with startCognitoLocal({ dataDir: ` +
          `${JSON.stringify(opts.dataDir)}, region: ${JSON.stringify(opts.region)} }), which seeds the pool before start.`,
      );
    }

    const { UserPoolClients: clients = [] } = await client.send(
      new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }),
    );
    let clientId = clients.find((c) => c.ClientName === APP_CLIENT_NAME)?.ClientId;
    if (!clientId) {
      const created = await client.send(
        new CreateUserPoolClientCommand({
          UserPoolId: userPoolId,
          ClientName: APP_CLIENT_NAME,
          GenerateSecret: false,
          ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
          EnableTokenRevocation: true,
          // AWS's defaults; left unset, cognito-local makes access and id tokens last 24 hours.
          AccessTokenValidity: 60,
          IdTokenValidity: 60,
          RefreshTokenValidity: 30,
          TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
        }),
      );
      clientId = created.UserPoolClient?.ClientId;
    }
    if (!clientId) throw new Error(`cognito-local did not return an app client id for ${userPoolId}`);

    const response = await fetch(`${opts.endpoint}/${userPoolId}/.well-known/jwks.json`, {
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) throw new Error(`cognito-local answered ${response.status} for the JWKS of ${userPoolId}`);
    const jwks = (await response.json()) as { keys: unknown[] };
    return { userPoolId, clientId, jwks };
  } finally {
    client.destroy();
  }
}
