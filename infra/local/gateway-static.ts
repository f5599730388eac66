/**
 * The embedded gateway's web side: what CloudFront in front of the SPA's bucket is in AWS. It serves the built SPA,
 * every extension-less path answered with `index.html` (the CloudFront function's rule), and keeps the security
 * headers of CloudFront's response headers policy (infra/security-headers.ts) in step with the built shell, whose
 * inline script the CSP allows by hash (ADR 060). While the runtime is not ready the shell is a page that reloads
 * itself (ADR 062).
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { refusalPage } from '#functions/http/html.ts';
import { englishText } from '#functions/lib/messages.ts';
import { type PolicyOptions, type SecurityHeaders, securityHeaders } from '../security-headers.ts';
import { answerUnavailablePage, type Availability } from './availability.ts';
import { decodedPath, sendJson } from './gateway-http.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** How often the shell's mtime is checked for a rebuild (the CSP hashes its inline script). */
const SHELL_CHECK_MS = 1_000;

export interface SiteHeaders {
  /** The headers for an answer now, read again from the shell when it may have been rebuilt. */
  current(): Promise<SecurityHeaders>;
  /** The headers as last read, for answers that cannot wait (a refused WebSocket upgrade). */
  latest(): SecurityHeaders;
  /** The header names the policy sets. */
  names: ReadonlySet<string>;
}

/** The security headers follow the shell: a rebuild of the SPA changes its inline script, and so the CSP's hash. */
export async function siteHeaders(staticRoot: string | undefined, policy: PolicyOptions): Promise<SiteHeaders> {
  let headers: SecurityHeaders = securityHeaders(undefined, policy);
  let shellMtimeMs: number | undefined;
  let shellCheckedAt = 0;
  async function current(): Promise<SecurityHeaders> {
    if (!staticRoot || Date.now() - shellCheckedAt < SHELL_CHECK_MS) return headers;
    shellCheckedAt = Date.now();
    const shell = join(staticRoot, 'index.html');
    const info = await stat(shell).catch(() => undefined);
    if (info?.mtimeMs !== shellMtimeMs) {
      shellMtimeMs = info?.mtimeMs;
      headers = securityHeaders(info ? await readFile(shell, 'utf8') : undefined, policy);
    }
    return headers;
  }
  await current();
  return { current, latest: () => headers, names: new Set(Object.keys(headers)) };
}

/** A page address that does not decode is the client's mistake: 400 and a page saying so, as `/api` answers it. */
function answerMalformedPath(req: IncomingMessage, res: ServerResponse): void {
  const page = refusalPage(englishText('page.requestRefused'), englishText('error.malformedUrl'));
  res.writeHead(400, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(page)),
  });
  res.end(req.method === 'HEAD' ? undefined : page);
}

/** The built SPA's files under `staticRoot` (an absolute path), or 404 for everything when there is none. */
export function staticSite(staticRoot: string | undefined, availability: Availability) {
  return async function handleStatic(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (!staticRoot) {
      sendJson(res, 404, { message: 'Not Found' });
      return;
    }
    const path = decodedPath(url.pathname);
    if (path === undefined) {
      answerMalformedPath(req, res);
      return;
    }
    const relative = normalize(path).replace(/^([/\\])+/, '');
    let file = join(staticRoot, relative);
    if (!file.startsWith(staticRoot)) {
      sendJson(res, 400, { message: 'Bad path' });
      return;
    }
    let info = await stat(file).catch(() => undefined);
    // The SPA owns every extension-less path; a missing file with an extension is a real 404.
    if (!info?.isFile()) {
      if (extname(relative)) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
        return;
      }
      file = join(staticRoot, 'index.html');
      info = await stat(file).catch(() => undefined);
    }
    // The shell is what a person opens; the files it loads stay available to a tab that is already open.
    const unavailable = file === join(staticRoot, 'index.html') ? availability() : undefined;
    if (unavailable) {
      answerUnavailablePage(res, unavailable);
      return;
    }
    if (!info) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('The web app has not been built');
      return;
    }
    const immutable = relative.startsWith('assets/');
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': info.size,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  };
}
