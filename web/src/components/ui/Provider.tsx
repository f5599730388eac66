import { ChakraProvider } from '@chakra-ui/react';
import { ThemeProvider } from 'next-themes';
import type { ReactNode } from 'react';
import { system } from './system.ts';

const DATA_BLOCK = { type: 'application/json' } as const;

/** Chakra's design system plus light/dark colour mode, following the operating system by default. */
export function Provider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <ThemeProvider
        attribute="class"
        defaultTheme="system"
        enableSystem
        disableTransitionOnChange
        // next-themes renders an inline script meant for server rendering; in a client-only SPA it never runs,
        // and marking it as a data block keeps React 19 from warning about a script inside a component.
        scriptProps={DATA_BLOCK}
      >
        {children}
      </ThemeProvider>
    </ChakraProvider>
  );
}
