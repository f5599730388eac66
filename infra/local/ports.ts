import { createServer } from 'node:net';

/** A TCP port on 127.0.0.1 that was free a moment ago (the OS picks it; the caller should bind it promptly). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0 }, () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        server.close();
        reject(new Error('Could not read the port the OS assigned'));
        return;
      }
      server.close(() => resolve(address.port));
    });
  });
}

/** Whether `port` on 127.0.0.1 can be bound right now. */
function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * Waits (bounded) until `port` is free. A restart reuses its emulator's port, and a process killed outright can hold
 * it for a moment after it stops being listed as running (its other threads are still exiting). A new emulator
 * started meanwhile would fail to bind while its readiness probe was answered by the dying one.
 */
export async function waitForFreePort(port: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await canBind(port))) {
    if (Date.now() > deadline) throw new Error(`Port ${port} on 127.0.0.1 is still in use after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
