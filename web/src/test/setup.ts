import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { activateLanguage } from '../i18n/i18n.ts';
// Browser properties happy-dom lacks and react-hook-form reads: every form test gets them.
import './happy-dom-selects.ts';

// Components read their texts from the active language's catalog, which the app loads before its first render.
await activateLanguage('en');

// The first screen a test opens compiles and loads its lazy route chunk; on a busy two-core CI machine that can take
// longer than Testing Library's default second. Waiting longer changes no outcome, only how long a failure takes.
configure({ asyncUtilTimeout: 5_000 });

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
  // A test that switched the language leaves the next one in English.
  await activateLanguage('en');
});
