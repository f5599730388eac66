import { beforeAll, inject } from 'vitest';

// Runs before each test file imports anything, so function code reading process.env sees the emulators.
Object.assign(process.env, inject('functionEnv'));

// Every file starts with four-eyes approval off (the files share one table, where a second admin made by any earlier
// file would otherwise hold every admin action of this one); tests/integration/four-eyes.test.ts turns it on. Nothing
// of the process's function code is set up by it: files that start a runtime of their own point it elsewhere later.
beforeAll(async () => {
  const { withoutFourEyes } = await import('./support/fixtures.ts');
  await withoutFourEyes({ remember: false });
});
