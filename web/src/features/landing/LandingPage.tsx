import { Box, Button, Container, Heading, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuChartLine, LuLifeBuoy, LuPhoneCall, LuRefreshCw, LuSparkles, LuUsers } from 'react-icons/lu';
import { PRODUCT_NAME } from '../../lib/brand.ts';
import { useSession } from '../../lib/router-context.ts';

/** The product's features as docs/product.md §1 lists them. */
const FEATURES: { icon: IconType; title: string; description: string }[] = [
  {
    icon: LuUsers,
    title: 'Multi-role sign-in',
    description: 'Administrators, managers and agents each get the screens their job needs.',
  },
  {
    icon: LuRefreshCw,
    title: 'Automatic round-robin assignment',
    description: 'New tickets go to the next active agent, so work is spread evenly.',
  },
  {
    icon: LuChartLine,
    title: 'Real-time performance analytics',
    description: 'Volumes, response times and resolution rates as they happen.',
  },
  {
    icon: LuSparkles,
    title: 'AI-powered insights',
    description: 'Predictions and recommendations drawn from your ticket data.',
  },
  {
    icon: LuPhoneCall,
    title: 'Direct ticket creation',
    description: 'Agents log a ticket straight from a customer phone call.',
  },
];

/** Marketing page at `/landing`. */
export function LandingPage() {
  const session = useSession();
  return (
    <Box as="main" minH="100dvh" bg="bg.subtle" py={{ base: '12', md: '20' }}>
      <Container maxW="5xl">
        <Stack gap="6" align="center" textAlign="center" mb="14">
          <Icon as={LuLifeBuoy} boxSize="12" color="blue.solid" aria-hidden />
          <Heading as="h1" size={{ base: '3xl', md: '5xl' }}>
            {PRODUCT_NAME}
          </Heading>
          <Text fontSize="lg" color="fg.muted" maxW="2xl">
            The help desk for the support team of a crypto and fiat trading platform: every customer ticket tracked,
            assigned and resolved on time.
          </Text>
          <Button size="lg" colorPalette="blue" onClick={() => session.signIn()}>
            Sign In to Continue
          </Button>
        </Stack>
        <Heading as="h2" size="xl" textAlign="center" mb="6">
          Features
        </Heading>
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
          {FEATURES.map((feature) => (
            <Stack as="li" key={feature.title} gap="2" p="5" bg="bg" borderWidth="1px" rounded="lg">
              <Icon as={feature.icon} boxSize="6" color="blue.solid" aria-hidden />
              <Heading as="h3" size="md">
                {feature.title}
              </Heading>
              <Text color="fg.muted">{feature.description}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
