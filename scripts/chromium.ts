/**
 * Debian's Chromium as the browser tests and the benchmark start it: the machine's own binary (nothing is
 * downloaded), and flags that keep it from making any outside connection.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const OFFLINE_CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Passed without a shell, so no quotes: nothing but this machine's own servers resolves.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];
