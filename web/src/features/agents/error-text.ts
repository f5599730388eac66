/**
 * Red for error text that keeps WCAG AA contrast (4.5:1) on the light and the dark background. Chakra's default
 * `fg.error` (red.500 in light mode) reaches only about 3.8:1 on white, which axe reports as serious.
 */
export const ERROR_TEXT_COLOR = { base: 'red.700', _dark: 'red.300' } as const;
