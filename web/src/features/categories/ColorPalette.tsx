import { Flex, RadioGroup } from '@chakra-ui/react';
import { LuCheck } from 'react-icons/lu';
import { COLOR_PALETTE } from '#shared/constants.ts';
import { useT } from '../../i18n/react.tsx';
import { COLOR_NAMES } from './category-stats.ts';

interface ColorPaletteProps {
  value: string;
  onChange: (color: string) => void;
}

/**
 * The docs/product.md §9 colours as one radio group: Tab reaches the chosen swatch, the arrow keys move between swatches,
 * and each announces its colour name and code.
 */
export function ColorPalette({ value, onChange }: ColorPaletteProps) {
  const t = useT();
  return (
    <RadioGroup.Root
      unstyled
      name="color"
      value={value}
      onValueChange={(details) => details.value && onChange(details.value)}
      orientation="horizontal"
    >
      <RadioGroup.Label fontSize="sm" fontWeight="medium">
        {t('categoryForm.color')}
      </RadioGroup.Label>
      <Flex wrap="wrap" gap="2" mt="2">
        {COLOR_PALETTE.map((color) => (
          <RadioGroup.Item key={color} value={color} cursor="pointer">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemControl
              display="flex"
              alignItems="center"
              justifyContent="center"
              boxSize="8"
              rounded="full"
              bg={color}
              color="white"
              outlineOffset="2px"
              _checked={{ outline: '2px solid', outlineColor: 'fg' }}
              _focusVisible={{ outline: '3px solid', outlineColor: 'blue.focusRing' }}
            >
              {value === color && <LuCheck aria-hidden />}
            </RadioGroup.ItemControl>
            <RadioGroup.ItemText srOnly>
              {t('categoryForm.colorOption', { name: COLOR_NAMES[color] ? t(COLOR_NAMES[color]) : color, color })}
            </RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </Flex>
    </RadioGroup.Root>
  );
}
