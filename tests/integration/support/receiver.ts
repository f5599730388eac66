/**
 * A real HTTP receiver on 127.0.0.1: what a webhook endpoint (or any destination outside the system) is to the
 * senders. It records every request and answers each path with the statuses it was told, in order (the last one
 * repeats; 200 when told nothing).
 */
import http from 'node:http';

export interface ReceivedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** When the request arrived (ms since the epoch). */
  at: number;
}

export interface Receiver {
  url: string;
  received: ReceivedRequest[];
  /** The requests that arrived on one path, in order. */
  on(path: string): ReceivedRequest[];
  /** Answers the next requests to `path` with these statuses, in order; the last one repeats. */
  answer(path: string, statuses: number[]): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: ReceivedRequest[] = [];
  const scripts = new Map<string, number[]>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const script = scripts.get(path) ?? [200];
      const status = script.length > 1 ? script.shift()! : script[0]!;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(String(status));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    on: (path) => received.filter((request) => request.path === path),
    answer: (path, statuses) => scripts.set(path, [...statuses]),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
