import { inject } from 'vitest';

// Runs before each test file imports anything, so function code reading process.env sees the emulators.
Object.assign(process.env, inject('functionEnv'));
