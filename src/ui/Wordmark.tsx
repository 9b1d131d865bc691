/**
 * The 'Product Feed' wordmark (spec §1), a link to the landing page. src/ui imports no routes, so the
 * layouts hand it the landing page's path (`paths.home`).
 */
import { HStack, Link, Text } from '@chakra-ui/react';
import { RefreshCw } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';

/** Props of {@link Wordmark}. */
export interface WordmarkProps {
  /** Path the wordmark links to: the landing page, from `src/routes/paths.ts`. */
  to: string;
  /** Below the `sm` breakpoint show only the mark; the label stays readable by assistive technology. */
  compact?: boolean;
}

/** Renders the logo mark and the label 'Product Feed' as one link. */
export function Wordmark({ to, compact = false }: WordmarkProps) {
  return (
    <Link asChild _hover={{ textDecoration: 'none' }} rounded="md" flexShrink={0}>
      <RouterLink to={to}>
        <HStack gap="2">
          <HStack
            as="span"
            justify="center"
            boxSize="8"
            rounded="lg"
            bg="brand.solid"
            color="brand.contrast"
            aria-hidden
          >
            <RefreshCw size={18} strokeWidth={2.5} />
          </HStack>
          <Text
            as="span"
            fontWeight="bold"
            fontSize="lg"
            color="fg"
            letterSpacing="tight"
            whiteSpace="nowrap"
            srOnly={compact ? { base: true, sm: false } : false}
          >
            Product Feed
          </Text>
        </HStack>
      </RouterLink>
    </Link>
  );
}
