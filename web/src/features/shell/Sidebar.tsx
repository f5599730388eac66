import { Avatar, Badge, Box, Button, Flex, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import type { IconType } from 'react-icons';
import {
  LuBrainCircuit,
  LuInbox,
  LuLayoutDashboard,
  LuLogOut,
  LuMailWarning,
  LuPhoneIncoming,
  LuPlug,
  LuScrollText,
  LuShieldAlert,
  LuSettings,
  LuShieldCheck,
  LuSlidersVertical,
  LuTags,
  LuZap,
  LuUsers,
} from 'react-icons/lu';
import type { User } from '#shared/schemas/user.ts';
import { useT } from '../../i18n/react.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { displayNameOf, initialsOf, roleLabelOf } from '../../lib/format.ts';
import { colorPaletteFor } from '../../lib/roles.ts';
import { useSession } from '../../lib/router-context.ts';
import { type NavBadge, type Section, navItemsFor } from '../../lib/sections.ts';
import { approvalsQuery } from '../approvals/queries.ts';
import { dashboardMetricsQuery } from '../dashboard/queries.ts';
import { AvailabilityControl } from './AvailabilityControl.tsx';

const SECTION_ICONS: Record<Section, IconType> = {
  dashboard: LuLayoutDashboard,
  tickets: LuInbox,
  'direct-tickets': LuPhoneIncoming,
  macros: LuZap,
  agents: LuUsers,
  categories: LuTags,
  analytics: LuBrainCircuit,
  integrations: LuPlug,
  audit: LuScrollText,
  mail: LuMailWarning,
  'desk-settings': LuSlidersVertical,
  settings: LuSettings,
  approvals: LuShieldCheck,
  'held-replies': LuShieldAlert,
};

interface SidebarProps {
  user: User;
  /** Called after a link is followed, so the mobile drawer can close. */
  onNavigate?: () => void;
}

/** Product title, the role's pages with ticket badges, and the user card with Logout (docs/product.md §2 Sidebar). */
export function Sidebar({ user, onNavigate }: SidebarProps) {
  const t = useT();
  const format = useFormat();
  const session = useSession();
  const badges = useNavBadges(user);
  const { role } = user;

  return (
    <Flex direction="column" h="full" colorPalette={colorPaletteFor(role)}>
      <Stack gap="0" px="5" py="5" borderBottomWidth="1px">
        <Text fontWeight="bold" fontSize="lg" color="colorPalette.fg">
          {t('brand.name')}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t('brand.subtitle')}
        </Text>
      </Stack>

      <Box as="nav" aria-label={t('shell.mainNavigation')} flex="1" overflowY="auto" px="3" py="4">
        <Stack as="ul" gap="1" listStyleType="none">
          {navItemsFor(role, user.compliance).map((item) => {
            const count = item.badge ? badges[item.badge] : undefined;
            return (
              <li key={item.section}>
                <Flex
                  asChild
                  align="center"
                  gap="3"
                  px="3"
                  py="2"
                  rounded="md"
                  color="fg.muted"
                  fontSize="sm"
                  fontWeight="medium"
                  focusRing="inside"
                  _hover={{ bg: 'bg.muted', color: 'fg' }}
                  _currentPage={{ bg: 'colorPalette.subtle', color: 'colorPalette.fg', fontWeight: 'semibold' }}
                >
                  <RouterLink
                    to={item.to}
                    params={{ role }}
                    activeOptions={{ exact: item.section === 'dashboard' }}
                    onClick={onNavigate}
                  >
                    <Icon as={SECTION_ICONS[item.section]} boxSize="4" aria-hidden />
                    <Box as="span" flex="1">
                      {t(item.label)}
                    </Box>
                    {count !== undefined && (
                      <Badge variant="subtle" colorPalette={colorPaletteFor(role)}>
                        {format.number(count)}
                      </Badge>
                    )}
                  </RouterLink>
                </Flex>
              </li>
            );
          })}
        </Stack>
      </Box>

      <Stack gap="3" p="4" borderTopWidth="1px">
        <HStack gap="3">
          <Avatar.Root size="sm" colorPalette={colorPaletteFor(role)}>
            <Avatar.Fallback>{initialsOf(user)}</Avatar.Fallback>
            {user.profileImageUrl && <Avatar.Image src={user.profileImageUrl} alt="" />}
          </Avatar.Root>
          <Stack gap="0" minW="0">
            <Text fontSize="sm" fontWeight="medium" truncate>
              {displayNameOf(user, t)}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {roleLabelOf(role, t)}
            </Text>
          </Stack>
        </HStack>
        <AvailabilityControl user={user} />
        <Button variant="outline" size="sm" onClick={() => session.signOut()}>
          <LuLogOut aria-hidden />
          {t('shell.logout')}
        </Button>
      </Stack>
    </Flex>
  );
}

/**
 * Badge figures from the dashboard metrics, and for admins the requests waiting for their approval (not their own);
 * absent while loading or when unavailable.
 */
function useNavBadges(user: User): Partial<Record<NavBadge, number>> {
  const { data } = useQuery(dashboardMetricsQuery());
  const approvals = useQuery({ ...approvalsQuery(), enabled: user.role === 'admin' });
  const waiting = approvals.data?.pending.filter(
    (approval) => approval.status === 'pending' && approval.requestedBy.id !== user.id,
  ).length;
  return {
    ...(data ? { totalTickets: data.overview.totalTickets, openTickets: data.overview.openTickets } : {}),
    // Nothing to decide, no badge: the item stays quiet until someone waits.
    ...(waiting ? { pendingApprovals: waiting } : {}),
  };
}
