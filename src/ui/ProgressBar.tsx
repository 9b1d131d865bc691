/**
 * A thin horizontal bar showing a share (0–100), with an accessible name and value. Plain elements
 * styled by a global class (`src/ui/global-classes.ts`), not Chakra's Progress, whose state machine
 * and three styled parts per bar were a tenth of the users list's 100-row render (issue 31).
 */
import { GLOBAL_CLASS } from './global-classes';

/** Props of {@link ProgressBar}. */
export interface ProgressBarProps {
  /** Percent, clamped to 0–100. */
  value: number;
  /** Accessible name, e.g. 'Remaining requests'. */
  label: string;
}

/** Renders a `progressbar` role with `aria-valuenow` = the clamped value, in the brand colour. */
export function ProgressBar({ value, label }: ProgressBarProps) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className={GLOBAL_CLASS.progress}
    >
      <div className={GLOBAL_CLASS.progressRange} style={{ width: `${clamped}%` }} />
    </div>
  );
}
