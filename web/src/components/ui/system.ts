import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  breakpoints,
  cardSlotRecipe,
  checkboxSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  keyframes,
  layerStyles,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  recipes,
  semanticTokens,
  sliderSlotRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme with only the multi-part recipes of the components this app uses (the slot recipes of the
 * other fifty, date and colour pickers and the like, were a tenth of the first page's JavaScript). A component added
 * to the app needs its slot recipe added here; the component tests and the browser tests render every screen.
 * The single-part recipes are few and small, and all kept.
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
    recipes,
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      slider: sliderSlotRecipe,
      stat: statSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      tag: tagSlotRecipe,
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
