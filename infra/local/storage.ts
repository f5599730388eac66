/**
 * The attachments bucket of the embedded runtime (docs/decisions/094-attachments.md): the S3 emulator `s3rver`, in
 * this process, on 127.0.0.1, with its objects under the data folder. The functions' S3 client is pointed at it by
 * `S3_ENDPOINT` (configuration only). The bucket is created at start with a CORS rule for the web app's origins, so
 * the browser can POST an upload straight to it, as it does to the S3 bucket in AWS.
 */
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import type { ExitStatus } from './child.ts';
import { LOCAL_CREDENTIALS } from './env.ts';
import type { LocalMailServer } from './mail.ts';

/** A server this process runs, as the supervisor (infra/local/supervisor.ts) watches a part. */
export type LocalStorageServer = LocalMailServer;

export interface StorageOptions {
  /** 0: a free port. */
  port: number;
  /** Where the objects are kept (survives restarts). */
  directory: string;
  bucket: string;
  /** The origins the browser uploads and downloads from (the gateway's, as `localhost` and `127.0.0.1`). */
  origins: readonly string[];
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The bucket's CORS rule: the web app's origins may POST uploads and GET downloads, and read the answer. */
export function corsConfiguration(origins: readonly string[]): string {
  const allowed = origins.map((origin) => `<AllowedOrigin>${escapeXml(origin)}</AllowedOrigin>`).join('');
  return (
    '<CORSConfiguration><CORSRule>' +
    `${allowed}<AllowedMethod>POST</AllowedMethod><AllowedMethod>GET</AllowedMethod>` +
    '<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>600</MaxAgeSeconds>' +
    '</CORSRule></CORSConfiguration>'
  );
}

/**
 * s3rver knows one access key (`S3RVER`) and checks no SigV4 signature: the functions sign with the emulators' local
 * credentials (infra/local/env.ts), which it is told here to know as well.
 */
function acceptLocalCredentials(): void {
  const { DUMMY_ACCOUNT } = createRequire(import.meta.url)('s3rver/lib/models/account.js') as {
    DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void };
  };
  DUMMY_ACCOUNT.createKeyPair(LOCAL_CREDENTIALS.accessKeyId, LOCAL_CREDENTIALS.secretAccessKey);
}

/** startStorage: s3rver on 127.0.0.1 with the bucket created (kept if it exists) and its CORS rule in place. */
export async function startStorage(options: StorageOptions): Promise<LocalStorageServer> {
  acceptLocalCredentials();
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port,
    silent: true,
    directory: options.directory,
    // Every request is addressed by path (`http://127.0.0.1:<port>/<bucket>/<key>`): no virtual hosts to resolve.
    vhostBuckets: false,
    configureBuckets: [
      { name: options.bucket, configs: options.origins.length ? [corsConfiguration(options.origins)] : [] },
    ],
  });
  const { port } = (await server.run()) as AddressInfo;
  const http = server.httpServer;
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<ExitStatus>((resolve) => http.once('close', () => resolve({ code: 0, signal: null })));
  return {
    url,
    port,
    pid: process.pid,
    emulatorPid: () => undefined,
    exited,
    stop: async () => {
      if (!http.listening) return;
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
