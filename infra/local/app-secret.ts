import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { newAppSecret } from '#functions/lib/secrets.ts';

/**
 * The embedded runtime's master secret (what Secrets Manager holds in AWS): made on the first start and kept beside
 * the data, so that reply addresses, rating links and sealed values made before a restart still open after it.
 */
export async function loadOrCreateAppSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, 'app-secret');
  const saved = await readFile(file, 'utf8').then(
    (text) => text.trim(),
    () => undefined,
  );
  if (saved) return saved;
  const secret = newAppSecret();
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
