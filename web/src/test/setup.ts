import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { activateLanguage } from '../i18n/i18n.ts';
// Browser properties happy-dom lacks and react-hook-form reads: every form test gets them.
import './happy-dom-selects.ts';

// Components read their texts from the active language's catalog, which the app loads before its first render.
await activateLanguage('en');

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
  // A test that switched the language leaves the next one in English.
  await activateLanguage('en');
});
