/**
 * Styles bound to class names, written once into the page by the system's global CSS
 * (`src/ui/system.ts`), for the small pieces a screen draws many times over (a status in each of a
 * list's 100 rows). A Chakra component resolves its style props into a class on every render: at 4×
 * CPU the users list's 100 rows of Chakra components took 730 ms to draw (issue 31). Chakra's
 * styling performance guide: static styles, keyed by attributes, instead of props per element.
 */
import type { SystemStyleObject } from '@chakra-ui/react';

/** Class names of {@link GLOBAL_CLASS_STYLES}, for `className`. */
export const GLOBAL_CLASS = {
  /** A coloured dot beside its label (StatusDot); the dot's colour is `--status-dot-color`. */
  statusDot: 'pf-status-dot',
  statusDotMark: 'pf-status-dot__mark',
  /** A thin bar showing a share (ProgressBar); the filled part's width is its inline style. */
  progress: 'pf-progress',
  progressRange: 'pf-progress__range',
} as const;

/**
 * The classes' styles, in Chakra's style object (tokens resolve): the StatusDot's layout of an
 * `HStack gap="2"` with a `2.5` round dot, and the ProgressBar's track and range of Chakra's
 * progress recipe at size `xs`, variant `outline`, shape `full`, palette `brand`.
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
};
