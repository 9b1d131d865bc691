/** What a widget or panel that loads its data shows while it loads or after it failed to load. */
import { Box, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';

/** Props of {@link WidgetLoading}: how many placeholder lines to pulse. */
export interface WidgetLoadingProps {
  lines?: number;
  label: string;
  /** The height the loaded content takes (a Chakra size), held so nothing below moves when it arrives. */
  minH?: string;
}

/** Pulsing placeholders, announced to screen readers as `label`. */
export function WidgetLoading({ lines = 3, label, minH }: WidgetLoadingProps) {
  return (
    <Stack gap="3" minH={minH} aria-busy="true" aria-label={label} role="status">
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} height="6" />
      ))}
    </Stack>
  );
}

/** Props of {@link WidgetFailure}. */
export interface WidgetFailureProps {
  message: string;
  onRetry: () => void;
}

/** A red box with the failure and a Retry button. */
export function WidgetFailure({ message, onRetry }: WidgetFailureProps) {
  return (
    <Box role="alert" bg="red.50" borderWidth="1px" borderColor="red.200" color="red.800" rounded="md" p="4">
      <HStack justify="space-between" gap="4" wrap="wrap">
        <Text>{message}</Text>
        <Button size="sm" variant="outline" colorPalette="red" onClick={onRetry}>
          Retry
        </Button>
      </HStack>
    </Box>
  );
}
