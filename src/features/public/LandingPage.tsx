/**
 * The public landing page at / (spec §1 "Public landing page sections"): hero, 'How It Works',
 * 'Key Features' and 'Popular Brands' (a carousel), in that order.
 */
import { Box, Button, Container, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import {
  ArrowRight,
  Boxes,
  Compass,
  Funnel,
  Globe,
  Plug,
  PoundSterling,
  Rocket,
  SlidersHorizontal,
  Zap,
} from 'lucide-react';
import { lazy, type ReactNode } from 'react';
import { WhenNearViewport } from '@/ui/WhenNearViewport';
import { HeroIllustration } from './HeroIllustration';
import { FEATURES, POPULAR_BRANDS, STEPS } from './landing-content';

/**
 * The carousel (embla and its statechart) is the last section: it loads when the visitor scrolls
 * near it, so the first paint of / does not wait for its code (issue 6).
 */
const BrandCarousel = lazy(async () => ({ default: (await import('./BrandCarousel')).BrandCarousel }));

/** The carousel's rendered height (one slide and the row of dots), held while it loads. */
const BRAND_CAROUSEL_HEIGHT = '13rem';

/** Icon of each step, by step id. */
const STEP_ICONS: Record<number, ReactNode> = {
  1: <Plug aria-hidden />,
  2: <SlidersHorizontal aria-hidden />,
  3: <Rocket aria-hidden />,
};

/** Icon of each feature, by feature id. */
const FEATURE_ICONS: Record<number, ReactNode> = {
  1: <Boxes aria-hidden />,
  2: <PoundSterling aria-hidden />,
  3: <Funnel aria-hidden />,
  4: <Zap aria-hidden />,
  5: <Compass aria-hidden />,
  6: <Globe aria-hidden />,
};

/** A round brand-tinted badge holding an icon. */
function IconBadge({ children }: { children: ReactNode }) {
  return (
    <HStack
      justify="center"
      boxSize="12"
      rounded="full"
      bg="brand.muted"
      color="brand.fg"
      flexShrink={0}
      aria-hidden
    >
      {children}
    </HStack>
  );
}

/** Renders the landing page sections. */
export function LandingPage() {
  return (
    <>
      <Box
        as="section"
        aria-labelledby="hero-title"
        bgGradient="to-b"
        gradientFrom="brand.50"
        gradientTo="bg"
      >
        <Container maxW="6xl" py={{ base: '12', md: '20' }}>
          <Grid templateColumns={{ base: '1fr', md: '1.1fr 1fr' }} gap="10" alignItems="center">
            <Stack gap="6">
              <Text fontWeight="semibold" color="brand.fg" letterSpacing="wider">
                Connect. Sync. Sell.
              </Text>
              <Heading as="h1" id="hero-title" size={{ base: '3xl', md: '5xl' }} lineHeight="1.1">
                Seamless Product Syncing for Multi-Store Retailers
              </Heading>
              <Text fontSize="lg" color="fg.muted">
                Keep products, prices and stock levels in step between your main store and every destination
                store. Inventory is managed automatically across all your shop stores, so you can sell
                everywhere without counting twice.
              </Text>
              <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
                <Button asChild colorPalette="brand" size="lg">
                  <a href="#">
                    Start Syncing Today
                    <ArrowRight aria-hidden />
                  </a>
                </Button>
                <Button asChild variant="outline" colorPalette="brand" size="lg">
                  <a href="#how-it-works">See How it Works</a>
                </Button>
              </Stack>
            </Stack>
            <HeroIllustration />
          </Grid>
        </Container>
      </Box>

      <Box as="section" id="how-it-works" aria-labelledby="how-it-works-title" scrollMarginTop="16">
        <Container maxW="6xl" py={{ base: '12', md: '16' }}>
          <Heading as="h2" id="how-it-works-title" size="3xl" textAlign="center" mb="10">
            How It Works
          </Heading>
          <Grid as="ol" listStyleType="none" templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="6">
            {STEPS.map((step) => (
              <Stack as="li" key={step.id} gap="3" p="6" borderWidth="1px" rounded="xl" bg="bg">
                <IconBadge>{STEP_ICONS[step.id]}</IconBadge>
                <Text fontSize="sm" fontWeight="semibold" color="brand.fg">
                  {step.step}
                </Text>
                <Heading as="h3" size="lg">
                  {step.title}
                </Heading>
                <Text color="fg.muted">{step.description}</Text>
              </Stack>
            ))}
          </Grid>
        </Container>
      </Box>

      <Box as="section" aria-labelledby="key-features-title" bg="bg.subtle">
        <Container maxW="6xl" py={{ base: '12', md: '16' }}>
          <Stack
            direction={{ base: 'column', md: 'row' }}
            justify="space-between"
            align={{ md: 'center' }}
            mb="10"
            gap="4"
          >
            <Heading as="h2" id="key-features-title" size="3xl">
              Key Features
            </Heading>
            <Button asChild variant="outline" colorPalette="brand" alignSelf={{ base: 'start', md: 'auto' }}>
              <a href="#">
                Explore All Features
                <ArrowRight aria-hidden />
              </a>
            </Button>
          </Stack>
          <Grid
            as="ul"
            listStyleType="none"
            templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }}
            gap="4"
          >
            {FEATURES.map((feature) => (
              <HStack as="li" key={feature.id} gap="4" p="5" rounded="xl" bg="bg" borderWidth="1px">
                <IconBadge>{FEATURE_ICONS[feature.id]}</IconBadge>
                <Text fontWeight="semibold">{feature.description}</Text>
              </HStack>
            ))}
          </Grid>
        </Container>
      </Box>

      <Box as="section" aria-labelledby="popular-brands-title">
        <Container maxW="6xl" py={{ base: '12', md: '16' }}>
          <Heading as="h2" id="popular-brands-title" size="3xl" textAlign="center" mb="10">
            Popular Brands
          </Heading>
          <WhenNearViewport minH={BRAND_CAROUSEL_HEIGHT}>
            <BrandCarousel brands={POPULAR_BRANDS} label="Brand logos" />
          </WhenNearViewport>
        </Container>
      </Box>
    </>
  );
}
