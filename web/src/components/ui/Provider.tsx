import { ChakraProvider } from '@chakra-ui/react';
import { type ReactNode, useEffect } from 'react';
import { followThemeChanges } from './color-mode.ts';
import { system } from './system.ts';

/**
 * Chakra's design system plus light/dark colour mode, following the operating system by default (./color-mode.ts;
 * index.html's script paints the first frame in it).
 */
export function Provider({ children }: { children: ReactNode }) {
  useEffect(followThemeChanges, []);
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
