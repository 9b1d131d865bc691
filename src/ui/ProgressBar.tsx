/** A thin horizontal bar showing a share (0–100), with an accessible name and value. */
import { Progress } from '@chakra-ui/react';

/** Props of {@link ProgressBar}. */
export interface ProgressBarProps {
  /** Percent, clamped to 0–100. */
  value: number;
  /** Accessible name, e.g. 'Remaining requests'. */
  label: string;
  colorPalette?: string;
}

/** Renders a `progressbar` role with `aria-valuenow` = the clamped value. */
export function ProgressBar({ value, label, colorPalette = 'brand' }: ProgressBarProps) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <Progress.Root value={clamped} size="xs" colorPalette={colorPalette} aria-label={label} minW="20">
      <Progress.Track borderRadius="full">
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
