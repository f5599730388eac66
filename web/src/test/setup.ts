import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
// Browser properties happy-dom lacks and react-hook-form reads: every form test gets them.
import './happy-dom-selects.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});
