import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Gateway, startGateway } from '#infra/local/gateway.ts';

export interface Site {
  gateway: Gateway;
  /** The folder the gateway serves as the built SPA. */
  webDir: string;
  close(): Promise<void>;
}

/** A gateway serving a built SPA of its own: the shell given, and `assets/app.js`. Close it in afterAll. */
export async function startSite(shell: string): Promise<Site> {
  const webDir = await mkdtemp(join(tmpdir(), 'helpdesk-site-'));
  await mkdir(join(webDir, 'assets'));
  await writeFile(join(webDir, 'index.html'), shell);
  await writeFile(join(webDir, 'assets', 'app.js'), 'export {};');
  const gateway = await startGateway({ port: 0, staticDir: webDir });
  return {
    gateway,
    webDir,
    close: async () => {
      await gateway.close();
      await rm(webDir, { recursive: true, force: true });
    },
  };
}
