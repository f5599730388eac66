import { Card, Heading, Icon, LinkBox, LinkOverlay, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import type { IconType } from 'react-icons';
import { LuHeadset, LuShieldCheck, LuUsers } from 'react-icons/lu';
import { ROLE_LABELS, ROLES, type Role } from '#shared/constants.ts';
import { colorPaletteFor } from '../../lib/roles.ts';
import { AuthScreen } from './AuthScreen.tsx';

const ROLE_CARDS: Record<Role, { icon: IconType; description: string }> = {
  admin: { icon: LuShieldCheck, description: 'Full access: staff, categories, analytics and every ticket.' },
  manager: { icon: LuUsers, description: 'Team oversight: tickets, agents and analytics.' },
  agent: { icon: LuHeadset, description: 'Handle assigned tickets and log customer calls.' },
};

/** The signed-out home: pick a role to reach its login screen. */
export function RoleChooserPage() {
  return (
    <AuthScreen maxW="4xl">
      <Stack gap="2" textAlign="center">
        <Heading as="h1" size="2xl">
          Choose your role
        </Heading>
        <Text color="fg.muted">Sign in with the account your administrator gave you.</Text>
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
                        {ROLE_LABELS[role]}
                      </RouterLink>
                    </LinkOverlay>
                  </Heading>
                  <Text color="fg.muted">{card.description}</Text>
                </Card.Body>
              </Card.Root>
            </LinkBox>
          );
        })}
      </SimpleGrid>
    </AuthScreen>
  );
}
