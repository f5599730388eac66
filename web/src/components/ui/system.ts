import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  spinnerRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme, its recipes in two parts (docs/decisions/101-sign-in-javascript-budget.md): here those of
 * the components a visitor sees before signing in (the sign-in, role-choice, organization and landing pages, the
 * not-found and error pages, toasts), in the first page's JavaScript; the others (./theme-rest.ts) are added by
 * `loadFullTheme` before any signed-in screen renders. A component added to a signed-out page needs its recipe here
 * (web/src/components/ui/system.test.tsx checks the pages), one added elsewhere in ./theme-rest.ts. Recipes of
 * components the app does not use (date and colour pickers and the like) are in neither.
 */
const theme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    recipes: {
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      field: fieldSlotRecipe,
      toast: toastSlotRecipe,
    },
    textStyles,
    layerStyles,
    animationStyles,
  },
});

/**
 * The colours that fail WCAG AA contrast (axe: serious) raised: error text (red.500 on white is 3.8:1) and the solid
 * orange and green behind white text (toasts, badges: 3.6:1 and 3.3:1).
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

export const system = createSystem(defaultBaseConfig, theme, contrast);

let full: Promise<void> | undefined;
let complete = false;

/**
 * Adds the other recipes to the system, once: Chakra reads a component's recipe from the system's theme when the
 * component first renders (`getRecipe`, `getSlotRecipe`), so they must be in before any signed-in screen renders (the
 * `/$role` and `/two-factor` routes wait for it, beside the texts). A failed fetch may be tried again.
 */
export function loadFullTheme(): Promise<void> {
  full ??= import('./theme-rest.ts').then(
    (rest) => {
      const config = system._config.theme ?? {};
      config.recipes = { ...config.recipes, ...rest.recipes };
      config.slotRecipes = { ...config.slotRecipes, ...rest.slotRecipes };
      complete = true;
    },
    (error: unknown) => {
      full = undefined;
      throw error;
    },
  );
  return full;
}

/** Whether the whole theme is in (`loadFullTheme` has settled). */
export const hasFullTheme = (): boolean => complete;
