/**
 * What the embedded gateway answers while the runtime cannot serve: before its demo data is seeded, and while one
 * of its parts restarts. API calls get a JSON 503, page loads a small page that reloads itself, both with
 * `Retry-After`, so neither a person nor a client mistakes a half-ready runtime for a broken one.
 */
import type { ServerResponse } from 'node:http';

export interface Unavailable {
  /** One sentence saying why, shown to people and API clients alike. */
  message: string;
  retryAfterSeconds: number;
}

/** Tells the gateway whether it may serve right now; `undefined` means yes. */
export type Availability = () => Unavailable | undefined;

export function answerUnavailableJson(res: ServerResponse, unavailable: Unavailable): void {
  res.writeHead(503, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    'retry-after': String(unavailable.retryAfterSeconds),
  });
  res.end(JSON.stringify({ message: unavailable.message }));
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page with no script (the site's CSP allows none but the shell's own) that reloads after `Retry-After`. */
export function answerUnavailablePage(res: ServerResponse, unavailable: Unavailable): void {
  const seconds = unavailable.retryAfterSeconds;
  const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="${seconds}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Help desk: one moment</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:20vh auto;padding:0 1rem;color:#1a202c}</style>
</head>
<body>
<h1>One moment</h1>
<p>${escapeHtml(unavailable.message)}</p>
<p>This page reloads by itself.</p>
</body>
</html>
`;
  res.writeHead(503, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'retry-after': String(seconds),
    'content-length': String(Buffer.byteLength(page)),
  });
  res.end(page);
}
