/** Figures of the dashboard cards, as pure functions the components render. */

/**
 * The change from `previous` to `current` in percent, rounded to 1 decimal; null when there is no
 * previous figure to compare with (0).
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** The sum of the week's daily totals in pounds, summed in pence so no float error creeps in. */
export function weekTotal(days: readonly { total_price: number }[]): number {
  return days.reduce((sum, day) => sum + Math.round(day.total_price * 100), 0) / 100;
}

const dayLabel = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', timeZone: 'UTC' });

/** A chart label for a `YYYY-MM-DD` day, e.g. 'Mon 2'. */
export function chartDayLabel(day: string): string {
  return dayLabel.format(new Date(`${day}T12:00:00Z`));
}
