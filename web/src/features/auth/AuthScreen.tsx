import { Flex, Icon, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuLifeBuoy } from 'react-icons/lu';
import { useT } from '../../i18n/react.tsx';

interface AuthScreenProps {
  children: ReactNode;
  colorPalette?: string;
  maxW?: string;
}

/** Centred frame with the product name, shared by the signed-out screens. */
export function AuthScreen({ children, colorPalette = 'gray', maxW = 'md' }: AuthScreenProps) {
  const t = useT();
  return (
    <Flex
      as="main"
      minH="100dvh"
      align="center"
      justify="center"
      bg="bg.subtle"
      px="4"
      py="10"
      colorPalette={colorPalette}
    >
      <Stack gap="8" w="full" maxW={maxW}>
        <Stack gap="1" align="center" textAlign="center">
          <Icon as={LuLifeBuoy} boxSize="8" color="colorPalette.solid" aria-hidden />
          <Text fontWeight="bold" fontSize="xl">
            {t('brand.name')}
          </Text>
          <Text color="fg.muted" fontSize="sm">
            {t('brand.subtitle')}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Flex>
  );
}
