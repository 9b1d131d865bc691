/**
 * How the dashboard shows money and instants (spec §9 Currency; ARCHITECTURE.md §3 Money): en-GB
 * formats via Intl, £ for orders and dashboard figures, $ for transactions, times in London.
 * Shared by the screens and the server's PDF reports so both print the same text.
 */
import { BUSINESS_TIME_ZONE } from './schemas/dashboard';

const pounds = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
// en-GB writes US dollars as 'US$' unless asked for the narrow symbol; the spec shows '$'.
const dollars = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'USD',
  currencyDisplay: 'narrowSymbol',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const dateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `amount` in pounds (major units) as '£1,234.50'. */
export function formatPounds(amount: number): string {
  return pounds.format(amount);
}

/** `amount` in dollars (major units) as '$1,234.50'. */
export function formatDollars(amount: number): string {
  return dollars.format(amount);
}

/** An instant (Date or ISO 8601 string) as London's '02/06/2025, 14:05'. */
export function formatDateTime(at: Date | string): string {
  return dateTime.format(typeof at === 'string' ? new Date(at) : at);
}

const cataloguePrices = new Map<string, Intl.NumberFormat>();

/**
 * A catalogue or feed price, `minor` units / 100 with 2 decimals (spec §9), in the catalogue's
 * currency `currency` (ISO 4217, CATALOGUE_CURRENCY; EUR gives the spec's '€12.34').
 */
export function formatCataloguePrice(minor: number, currency: string): string {
  let format = cataloguePrices.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    cataloguePrices.set(currency, format);
  }
  return format.format(minor / 100);
}

/** Minor units (pence or cents) to major units, exact to 2 decimals. */
export function toMajorUnits(minor: number): number {
  return Math.round(minor) / 100;
}
