/**
 * Styles bound to class names, written once into the page by the system's global CSS
 * (`src/ui/system.ts`), for the small pieces a screen draws many times over (a status in each of a
 * list's 100 rows). A Chakra component resolves its style props into a class on every render: at 4×
 * CPU the users list's 100 rows of Chakra components took 730 ms to draw (issue 31). Chakra's
 * styling performance guide: static styles, keyed by attributes, instead of props per element.
 */
import type { SystemStyleObject } from '@chakra-ui/react';
import { skeletonRecipe } from '@chakra-ui/react/theme';

/** Class names of {@link GLOBAL_CLASS_STYLES}, for `className`. */
export const GLOBAL_CLASS = {
  /** A coloured dot beside its label (StatusDot); the dot's colour is `--status-dot-color`. */
  statusDot: 'pf-status-dot',
  statusDotMark: 'pf-status-dot__mark',
  /** A thin bar showing a share (ProgressBar); the filled part's width is its inline style. */
  progress: 'pf-progress',
  progressRange: 'pf-progress__range',
  /** A line of text still loading, in a list's loading rows (TableStatusRows). */
  skeletonLine: 'pf-skeleton-line',
} as const;

/**
 * The classes' styles, in Chakra's style object (tokens resolve): the StatusDot's layout of an
 * `HStack gap="2"` with a `2.5` round dot, the ProgressBar's track and range of Chakra's
 * progress recipe at size `xs`, variant `outline`, shape `full`, palette `brand`, and the skeleton
 * line of Chakra's `<Skeleton height="4" />` (its recipe's loading pulse).
 */
export const GLOBAL_CLASS_STYLES: Record<string, SystemStyleObject> = {
  [`.${GLOBAL_CLASS.statusDot}`]: { display: 'flex', alignItems: 'center', gap: '2' },
  [`.${GLOBAL_CLASS.statusDotMark}`]: {
    w: '2.5',
    h: '2.5',
    borderRadius: 'full',
    flexShrink: 0,
    bg: 'var(--status-dot-color)',
  },
  [`.${GLOBAL_CLASS.progress}`]: {
    position: 'relative',
    overflow: 'hidden',
    h: '1.5',
    minW: '20',
    borderRadius: 'full',
    shadow: 'inset',
    bg: 'bg.muted',
  },
  [`.${GLOBAL_CLASS.progressRange}`]: {
    h: '100%',
    bg: 'brand.solid',
    transitionProperty: 'width',
    transitionDuration: 'slow',
  },
  [`.${GLOBAL_CLASS.skeletonLine}`]: {
    ...skeletonRecipe.variants?.loading.true,
    ...skeletonRecipe.variants?.variant.pulse,
    h: '4',
  },
};
