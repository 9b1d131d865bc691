/** The hero illustration: a main store feeding three destination stores (spec §1, Hero). */
import { Box } from '@chakra-ui/react';

/** Colours of the drawing, taken from the brand palette so it follows the theme. */
const STROKE = 'var(--chakra-colors-brand-700)';
const FILL_MAIN = 'var(--chakra-colors-brand-100)';
const FILL_STORE = 'var(--chakra-colors-white)';
const ACCENT = 'var(--chakra-colors-brand-500)';

/** A storefront: a rectangle with an awning and a door, its top-left corner at (x, y). */
function Storefront({ x, y, scale, fill }: { x: number; y: number; scale: number; fill: string }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`} stroke={STROKE} strokeWidth={3 / scale} fill={fill}>
      <rect x="0" y="20" width="100" height="70" rx="6" />
      <path d="M-6 20 L8 0 H92 L106 20 Z" fill={ACCENT} />
      <rect x="38" y="50" width="24" height="40" rx="3" fill={FILL_STORE} />
      <rect x="10" y="36" width="20" height="16" rx="2" fill={FILL_STORE} />
      <rect x="70" y="36" width="20" height="16" rx="2" fill={FILL_STORE} />
    </g>
  );
}

/** Renders the illustration as an image with a text alternative. */
export function HeroIllustration() {
  return (
    <Box w="full" maxW="lg" mx="auto">
      <svg
        viewBox="0 0 480 360"
        role="img"
        aria-label="A main store syncing products, prices and stock to three destination stores"
        width="100%"
      >
        <circle cx="240" cy="180" r="170" fill="var(--chakra-colors-brand-50)" />
        <g stroke={ACCENT} strokeWidth="4" strokeDasharray="10 8" fill="none" strokeLinecap="round">
          <path d="M240 150 C 240 120, 110 110, 100 80" />
          <path d="M240 150 L 240 90" />
          <path d="M240 150 C 240 120, 370 110, 380 80" />
        </g>
        <Storefront x={165} y={150} scale={1.5} fill={FILL_MAIN} />
        <Storefront x={55} y={20} scale={0.9} fill={FILL_STORE} />
        <Storefront x={195} y={8} scale={0.9} fill={FILL_STORE} />
        <Storefront x={335} y={20} scale={0.9} fill={FILL_STORE} />
        <g fill={STROKE}>
          <circle cx="100" cy="110" r="6" />
          <circle cx="240" cy="120" r="6" />
          <circle cx="380" cy="110" r="6" />
        </g>
      </svg>
    </Box>
  );
}
