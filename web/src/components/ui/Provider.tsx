import { ChakraProvider } from '@chakra-ui/react';
import { type ReactNode, useEffect } from 'react';
import { followThemeChanges } from './color-mode.ts';
import { system } from './system.ts';

/**
 * The system as Chakra's provider gets it. The built `index.html` holds the global styles (reset, tokens, global CSS)
 * the pre-render wrote (web/prerender-plugin.ts), and they stay in <head> for every path: the provider is then told there
 * are none to insert, so the browser neither computes nor serializes them (web/chakra-global-plugin.ts; ADR 101,
 * amendment of 2026-11-27). Elsewhere (the dev server, tests) Chakra inserts them as usual.
 */
const providedSystem: typeof system =
  typeof document !== 'undefined' && document.head.querySelector('style[data-emotion^="css-global "]') !== null
    ? Object.create(system, { _global: { value: [] } })
    : system;

/**
 * Chakra's design system plus light/dark colour mode, following the operating system by default (./color-mode.ts;
 * index.html's script paints the first frame in it).
 */
export function Provider({ children }: { children: ReactNode }) {
  useEffect(followThemeChanges, []);
  return <ChakraProvider value={providedSystem}>{children}</ChakraProvider>;
}
