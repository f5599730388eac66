import { createServer } from 'node:net';

/** Binds `port` on 127.0.0.1 (0: any) for a moment: the port it got, or undefined when the port was taken. */
function bindBriefly(port: number): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(undefined) : reject(error),
    );
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () => {
      const address = server.address();
      server.close(() =>
        address === null || typeof address === 'string'
          ? reject(new Error('Could not read the port the OS assigned'))
          : resolve(address.port),
      );
    });
  });
}

/** A TCP port on 127.0.0.1 that was free a moment ago (the OS picks it; the caller should bind it promptly). */
export async function freePort(): Promise<number> {
  const port = await bindBriefly(0);
  if (port === undefined) throw new Error('The OS assigned no free port');
  return port;
}

/**
 * Waits (bounded) until `port` is free. A restart reuses its emulator's port, and a process killed outright can hold
 * it for a moment after it stops being listed as running (its other threads are still exiting). A new emulator
 * started meanwhile would fail to bind while its readiness probe was answered by the dying one.
 */
export async function waitForFreePort(port: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await bindBriefly(port)) === undefined) {
    if (Date.now() > deadline) throw new Error(`Port ${port} on 127.0.0.1 is still in use after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
