/** A coloured dot with its label, e.g. a user's status (spec §2: green 'Active', red 'Inactive'). */
import { useChakraContext, VisuallyHidden } from '@chakra-ui/react';
import type { CSSProperties } from 'react';
import { GLOBAL_CLASS } from './global-classes';

/**
 * The dot's colour for each status of a customer's Shopify connection (issue 29; the statuses of
 * src/api/schemas/shopify.ts, which this layer does not import): grey until a check says more.
 */
export const SHOPIFY_STATUS_COLORS = {
  not_configured: 'gray.400',
  not_checked: 'gray.400',
  connected: 'green.500',
  failed: 'red.500',
} as const;

/** Props of {@link StatusDot}. */
export interface StatusDotProps {
  label: string;
  /** A Chakra colour token, e.g. 'green.500'. */
  color: string;
  /**
   * More about the status (a failure's reason): a tooltip for the pointer, read after the label by
   * assistive technology, so a compact cell can carry it.
   */
  detail?: string | null;
}

/**
 * Renders the dot (decorative) and the label text, with the detail when there is one. Plain elements
 * styled by a global class (`src/ui/global-classes.ts`): a list draws one or two in every row.
 */
export function StatusDot({ label, color, detail }: StatusDotProps) {
  const { token } = useChakraContext();
  const dotColor = { '--status-dot-color': token.var(`colors.${color}`) } as CSSProperties;
  return (
    <div className={GLOBAL_CLASS.statusDot} title={detail ?? undefined} style={dotColor}>
      <span aria-hidden className={GLOBAL_CLASS.statusDotMark} />
      <span>
        {label}
        {detail && <VisuallyHidden>: {detail}</VisuallyHidden>}
      </span>
    </div>
  );
}
