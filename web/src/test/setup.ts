import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { loadFullTheme } from '../components/ui/system.ts';
import { activateLanguage, loadAllTexts } from '../i18n/i18n.ts';
// Browser properties happy-dom lacks and react-hook-form reads: every form test gets them.
import './happy-dom-selects.ts';

// Components read their texts from the active language's catalog, which the app loads before its first render.
// Every text, as once someone is signed in: a component test renders screens without the route that loads them (ADR 081).
await activateLanguage('en');
await loadAllTexts();
// And every recipe of the design system, as the signed-in routes load it (ADR 101).
await loadFullTheme();

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
