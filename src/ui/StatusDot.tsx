/** A coloured dot with its label, e.g. a user's status (spec §2: green 'Active', red 'Inactive'). */
import { Box, HStack, Text } from '@chakra-ui/react';

/** Props of {@link StatusDot}. */
export interface StatusDotProps {
  label: string;
  /** A Chakra colour token, e.g. 'green.500'. */
  color: string;
}

/** Renders the dot (decorative) and the label text. */
export function StatusDot({ label, color }: StatusDotProps) {
  return (
    <HStack gap="2">
      <Box aria-hidden w="2.5" h="2.5" borderRadius="full" bg={color} flexShrink={0} />
      <Text as="span">{label}</Text>
    </HStack>
  );
}
