/**
 * The 'Popular Brands' carousel (spec §1, §4 "Carousel", §9; issue 6): embla-carousel-react shows
 * one brand per view and loops; when to move is the carousel machine's decision. The markup follows
 * the WAI-ARIA carousel pattern: a labelled region, labelled Previous / Pause / Next buttons and one
 * button per slide, slides announced as 'n of 5' through a live region that is off while playing.
 */
import { Box, Flex, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useMemo } from 'react';
import type { FocusEvent } from 'react';
import type { Actor } from 'xstate';
import {
  carouselMachine,
  selectIsUserPaused,
  selectLiveRegion,
  selectPrefersReducedMotion,
  selectSlideIndex,
} from '@/machines/carousel.machine';
import { useScreenActor } from '@/routes/screen-actor';
import type { PopularBrand } from './landing-content';

/**
 * Embla's `duration` is not in ms but the stiffness of its 60 fps scroll spring: at 20 a one-slide
 * move settles to within a pixel in about 600 ms (SLIDE_ANIMATION_MS) without overshooting.
 */
const EMBLA_DURATION = 20;

/** An embla plugin, as useEmblaCarousel takes it. */
type EmblaPlugin = NonNullable<Parameters<typeof useEmblaCarousel>[1]>[number];

/**
 * An embla plugin that ties embla to the carousel actor for as long as embla runs it: the machine's
 * `scrollTo` (a widget event, see src/machines/ui-effects.ts) moves embla, and embla reports the
 * slide it settles on as `slide.shown`. Embla calls `init` and `destroy` itself, so no React effect
 * wires the two.
 */
function carouselSync(carousel: Actor<typeof carouselMachine>): EmblaPlugin {
  let stop = () => {};
  return {
    name: 'carouselSync',
    options: {},
    init(embla) {
      const scrolling = carousel.on('scrollTo', (event) => embla.scrollTo(event.index, event.jump));
      const reportShown = () => carousel.send({ type: 'slide.shown', index: embla.selectedScrollSnap() });
      embla.on('select', reportShown);
      stop = () => {
        scrolling.unsubscribe();
        embla.off('select', reportShown);
      };
    },
    destroy() {
      stop();
    },
  };
}

/** Props of {@link BrandCarousel}. */
export interface BrandCarouselProps {
  brands: readonly PopularBrand[];
  /** Accessible name of the carousel region. */
  label: string;
}

/** Renders the carousel and wires embla to the carousel machine (glue only: no timers here). */
export function BrandCarousel({ brands, label }: BrandCarouselProps) {
  const carousel = useScreenActor(carouselMachine, { input: { slideCount: brands.length } });
  const plugins = useMemo(() => [carouselSync(carousel)], [carousel]);
  const [viewportRef] = useEmblaCarousel(
    { loop: true, duration: EMBLA_DURATION, slidesToScroll: 1 },
    plugins,
  );
  const index = useSelector(carousel, selectSlideIndex);
  const live = useSelector(carousel, selectLiveRegion);
  const userPaused = useSelector(carousel, selectIsUserPaused);
  const reducedMotion = useSelector(carousel, selectPrefersReducedMotion);

  const leaveFocus = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) carousel.send({ type: 'focus.leave' });
  };

  return (
    <Box
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      maxW="xl"
      mx="auto"
      onPointerEnter={() => carousel.send({ type: 'pointer.enter' })}
      onPointerLeave={() => carousel.send({ type: 'pointer.leave' })}
      onFocus={() => carousel.send({ type: 'focus.enter' })}
      onBlur={leaveFocus}
    >
      <HStack gap="3">
        <IconButton
          aria-label="Previous brand"
          variant="outline"
          rounded="full"
          onClick={() => carousel.send({ type: 'user.previous' })}
        >
          <ChevronLeft />
        </IconButton>
        <Box ref={viewportRef} overflow="hidden" flex="1" aria-live={live} aria-atomic="false">
          <Flex>
            {brands.map((brand, position) => (
              <Stack
                key={brand.id}
                role="group"
                aria-roledescription="slide"
                aria-label={`${position + 1} of ${brands.length}`}
                aria-hidden={position !== index}
                flex="0 0 100%"
                minW="0"
                align="center"
                gap="3"
                py="6"
                px="4"
                borderWidth="1px"
                rounded="xl"
                bg="bg"
                data-testid="brand-slide"
              >
                {/* Decorative: the brand's name is the text below it. */}
                <img src={brand.img} alt="" width={72} height={72} />
                <Text fontWeight="semibold" fontSize="lg" textAlign="center">
                  {brand.name}
                </Text>
              </Stack>
            ))}
          </Flex>
        </Box>
        <IconButton
          aria-label="Next brand"
          variant="outline"
          rounded="full"
          onClick={() => carousel.send({ type: 'user.next' })}
        >
          <ChevronRight />
        </IconButton>
      </HStack>
      <HStack justify="center" gap="2" mt="4">
        {!reducedMotion && (
          <IconButton
            aria-label={userPaused ? 'Start rotating brands' : 'Stop rotating brands'}
            size="xs"
            variant="ghost"
            onClick={() => carousel.send({ type: 'user.togglePlay' })}
          >
            {userPaused ? <Play /> : <Pause />}
          </IconButton>
        )}
        {brands.map((brand, position) => (
          <Box
            as="button"
            key={brand.id}
            aria-label={`Show ${brand.name}`}
            aria-current={position === index ? 'true' : undefined}
            onClick={() => carousel.send({ type: 'user.goTo', index: position })}
            // A 24 px target (WCAG 2.2 target size) around a 12 px dot.
            display="inline-flex"
            alignItems="center"
            justifyContent="center"
            boxSize="6"
            rounded="full"
            cursor="pointer"
            _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
          >
            <Box as="span" boxSize="3" rounded="full" bg={position === index ? 'brand.solid' : 'gray.400'} />
          </Box>
        ))}
      </HStack>
    </Box>
  );
}
