import { Box, CloseButton, Drawer, Flex, IconButton, Link, Portal, Text } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { LuMenu } from 'react-icons/lu';
import type { User } from '#shared/schemas/user.ts';
import { LanguageFromSettings } from '../../components/LanguageFromSettings.tsx';
import { ThemeFromSettings } from '../../components/ThemeFromSettings.tsx';
import { useT } from '../../i18n/react.tsx';
import { colorPaletteFor } from '../../lib/roles.ts';
import { Sidebar } from './Sidebar.tsx';

const MAIN_ID = 'main-content';

/** Signed-in frame: a fixed sidebar from 768 px up, a drawer behind a menu button below that. */
export function AppShell({ user, children }: { user: User; children: ReactNode }) {
  const t = useT();
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <Flex minH="100dvh" colorPalette={colorPaletteFor(user.role)}>
      <ThemeFromSettings />
      <LanguageFromSettings />
      <Link
        href={`#${MAIN_ID}`}
        position="absolute"
        left="4"
        top="-20"
        zIndex="skipLink"
        bg="bg"
        px="3"
        py="2"
        rounded="md"
        shadow="md"
        _focus={{ top: '4' }}
      >
        {t('shell.skipToContent')}
      </Link>

      <Box
        as="aside"
        display={{ base: 'none', md: 'block' }}
        w="64"
        flexShrink={0}
        position="sticky"
        top="0"
        h="100dvh"
        bg="bg.panel"
        borderRightWidth="1px"
      >
        <Sidebar user={user} />
      </Box>

      <Flex direction="column" flex="1" minW="0">
        <Flex
          as="header"
          display={{ base: 'flex', md: 'none' }}
          align="center"
          gap="2"
          px="3"
          py="2"
          borderBottomWidth="1px"
        >
          <Drawer.Root
            open={drawerOpen}
            onOpenChange={(details) => setDrawerOpen(details.open)}
            placement="start"
            lazyMount
            unmountOnExit
          >
            <Drawer.Trigger asChild>
              <IconButton aria-label={t('shell.openNavigation')} variant="ghost">
                <LuMenu />
              </IconButton>
            </Drawer.Trigger>
            <Portal>
              <Drawer.Backdrop />
              <Drawer.Positioner>
                <Drawer.Content maxW="72">
                  <Drawer.Title srOnly>{t('shell.navigation')}</Drawer.Title>
                  <Sidebar user={user} onNavigate={() => setDrawerOpen(false)} />
                  <Drawer.CloseTrigger asChild position="absolute" top="3" right="3">
                    <CloseButton size="sm" aria-label={t('shell.closeNavigation')} />
                  </Drawer.CloseTrigger>
                </Drawer.Content>
              </Drawer.Positioner>
            </Portal>
          </Drawer.Root>
          <Text fontWeight="bold" color="colorPalette.fg">
            {t('brand.name')}
          </Text>
        </Flex>

        <Box as="main" id={MAIN_ID} tabIndex={-1} flex="1" px={{ base: '4', md: '8' }} py="6" outline="none">
          {children}
        </Box>
      </Flex>
    </Flex>
  );
}
