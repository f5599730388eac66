import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * Chakra's default system with the colours that fail WCAG AA contrast (axe: serious) raised: error text
 * (red.500 on white is 3.8:1) and the solid orange and green behind white text (toasts, badges: 3.6:1 and 3.3:1).
 */
const contrast = defineConfig({
  theme: {
    semanticTokens: {
      colors: {
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } } },
        orange: { solid: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.700}' } } },
        green: { solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.700}' } } },
      },
    },
  },
});

export const system = createSystem(defaultConfig, contrast);
