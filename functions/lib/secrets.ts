/**
 * The application's keys: one master secret, and a key per purpose derived from it (HKDF-SHA256), so that a token
 * made for one purpose (a reply address, a rating link, a page's form token, a list cursor, a stored webhook or TOTP secret)
 * can never be taken for another. In AWS the master secret lives in Secrets Manager (`APP_SECRET_ARN`) and is read once per execution
 * environment; the embedded runtime hands it over directly (`APP_SECRET`, kept in its data folder). Which of the two
 * is set is configuration; the code that signs and seals is the same.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from './config.ts';

/** Every use of a derived key; a new use gets a new purpose, never a borrowed one. */
export const KEY_PURPOSES = [
  'reply-address',
  'rating-link',
  'list-cursor',
  'webhook-secret',
  'session',
  'page-form',
  'totp-secret',
  'mfa-challenge',
  'file-link',
  'approval-secret',
] as const;
export type KeyPurpose = (typeof KEY_PURPOSES)[number];

/** The master secret is at least this long once decoded (256 bits). */
const MASTER_MIN_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

let master: Promise<Buffer> | undefined;
const derived = new Map<KeyPurpose, Promise<Buffer>>();

function decodeMaster(text: string, source: string): Buffer {
  const bytes = Buffer.from(text.trim(), 'base64url');
  if (bytes.length < MASTER_MIN_BYTES) {
    throw new Error(`${source} must hold at least ${MASTER_MIN_BYTES} random bytes, base64url-encoded`);
  }
  return bytes;
}

async function loadMaster(): Promise<Buffer> {
  const { appSecret, appSecretArn, region } = config();
  if (appSecret) return decodeMaster(appSecret, 'APP_SECRET');
  if (!appSecretArn) throw new Error('Set APP_SECRET (embedded runtime) or APP_SECRET_ARN (AWS)');
  const client = new SecretsManagerClient({ region });
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: appSecretArn }));
  if (!SecretString) throw new Error('The application secret has no string value');
  return decodeMaster(SecretString, 'The application secret');
}

/** The key of one purpose, derived once per process. A failed load is forgotten so that the next call retries. */
export function keyFor(purpose: KeyPurpose): Promise<Buffer> {
  let key = derived.get(purpose);
  if (!key) {
    if (!master) {
      master = loadMaster();
      master.catch(() => (master = undefined));
    }
    key = master.then((secret) => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `helpdesk:${purpose}`, 32)));
    key.catch(() => derived.delete(purpose));
    derived.set(purpose, key);
  }
  return key;
}

/** HMAC-SHA256 of `message` under the purpose's key, base64url, cut to `bytes` (16 or more). */
export async function mac(purpose: KeyPurpose, message: string, bytes = 32): Promise<string> {
  if (bytes < 16 || bytes > 32) throw new RangeError('A MAC keeps 16 to 32 bytes');
  const digest = createHmac('sha256', await keyFor(purpose))
    .update(message)
    .digest();
  return digest.subarray(0, bytes).toString('base64url');
}

/** Whether `candidate` is the MAC of `message` for this purpose (in constant time). */
export async function verifyMac(purpose: KeyPurpose, message: string, candidate: string): Promise<boolean> {
  const given = Buffer.from(candidate, 'base64url');
  if (given.length < 16 || given.length > 32 || given.toString('base64url') !== candidate) return false;
  const expected = Buffer.from(await mac(purpose, message, given.length), 'base64url');
  return timingSafeEqual(given, expected);
}

/** Encrypts and authenticates `plaintext` (AES-256-GCM, random IV); the result is base64url text. */
export async function seal(purpose: KeyPurpose, plaintext: string | Buffer): Promise<string> {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', await keyFor(purpose), iv);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The plaintext of a sealed text, or undefined when it was not sealed for this purpose or was altered. */
export async function unseal(purpose: KeyPurpose, sealed: string): Promise<Buffer | undefined> {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES || bytes.toString('base64url') !== sealed) return undefined;
  const decipher = createDecipheriv('aes-256-gcm', await keyFor(purpose), bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    return undefined;
  }
}

/** A fresh master secret in the form APP_SECRET takes (the embedded runtime makes one on its first start). */
export const newAppSecret = (): string => randomBytes(MASTER_MIN_BYTES).toString('base64url');

/** Tests that switch secrets between cases call this; production code never does. */
export function forgetKeysForTests(): void {
  master = undefined;
  derived.clear();
}
