import { Card, Heading, Icon, LinkBox, LinkOverlay, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import type { IconType } from 'react-icons';
import { LuHeadset, LuShieldCheck, LuUsers } from 'react-icons/lu';
import { ROLES, type Role } from '#shared/constants.ts';
import type { MessageKey } from '#shared/i18n/messages.ts';
import { useT } from '../../i18n/react.tsx';
import { colorPaletteFor } from '../../lib/roles.ts';
import { AuthScreen } from './AuthScreen.tsx';

const ROLE_CARDS: Record<Role, { icon: IconType; description: MessageKey }> = {
  admin: { icon: LuShieldCheck, description: 'roleChooser.admin' },
  manager: { icon: LuUsers, description: 'roleChooser.manager' },
  agent: { icon: LuHeadset, description: 'roleChooser.agent' },
};

/** The signed-out home: pick a role to reach its login screen. */
export function RoleChooserPage() {
  const t = useT();
  return (
    <AuthScreen maxW="4xl">
      <Stack gap="2" textAlign="center">
        <Heading as="h1" size="2xl">
          {t('roleChooser.title')}
        </Heading>
        <Text color="fg.muted">{t('roleChooser.description')}</Text>
      </Stack>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 3 }} gap="4">
        {ROLES.map((role) => {
          const card = ROLE_CARDS[role];
          return (
            <LinkBox as="li" key={role} colorPalette={colorPaletteFor(role)}>
              <Card.Root
                height="full"
                borderTopWidth="4px"
                borderTopColor="colorPalette.solid"
                _hover={{ shadow: 'md' }}
              >
                <Card.Body gap="3">
                  <Icon as={card.icon} boxSize="8" color="colorPalette.solid" aria-hidden />
                  <Heading as="h2" size="lg">
                    <LinkOverlay asChild>
                      <RouterLink to="/$role" params={{ role }}>
                        {t(`role.${role}`)}
                      </RouterLink>
                    </LinkOverlay>
                  </Heading>
                  <Text color="fg.muted">{t(card.description)}</Text>
                </Card.Body>
              </Card.Root>
            </LinkBox>
          );
        })}
      </SimpleGrid>
    </AuthScreen>
  );
}
