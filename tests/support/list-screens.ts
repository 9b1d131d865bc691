/**
 * What the component tests of the list screens share (issue 28; the users panel, the feeds list and
 * the User Orders table): a list's `fetchPage` that answers the pages a test gives in turn, and the
 * table and pagination read as a person reads them (skeleton rows, hidden from assistive technology,
 * left out).
 */
import { within } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { PromiseActorLogic } from 'xstate';
import type { ListFilters, ListPage, ListQuery } from '@/machines/list.machine';
import { NoopResizeObserver } from './jsdom';

/**
 * A list's `fetchPage` whose calls answer `answers` in turn (a page, or a failure to reject with),
 * and, once they are used up, never: a list asked for more stays loading.
 */
export function pagesInTurn<F extends ListFilters, T>(
  answers: ReadonlyArray<ListPage<T> | Error>,
): PromiseActorLogic<ListPage<T>, ListQuery<F>> {
  const left = [...answers];
  return fromPromise<ListPage<T>, ListQuery<F>>(() => {
    const answer = left.shift();
    if (answer === undefined) return new Promise<ListPage<T>>(() => undefined);
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  });
}

/** The body of `table` (its rows' group after the header's). */
export function tableBody(table: HTMLElement): HTMLTableSectionElement {
  const body = table.querySelector('tbody');
  if (!body) throw new Error('the table has no body');
  return body;
}

/** What is read out of `element`: its text without the parts hidden from assistive technology. */
export function readText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('[aria-hidden]:not([aria-hidden="false"])').forEach((hidden) => hidden.remove());
  return copy.textContent ?? '';
}

/**
 * The rows of `table`'s body that are read out, each as its cells' texts (`readText`): a data row's
 * cells, or a message row's one cell (the empty text, the failure with its Retry, a hint).
 */
export function shownRows(table: HTMLElement): string[][] {
  return [...tableBody(table).rows]
    .filter((row) => !row.hasAttribute('aria-hidden'))
    .map((row) => [...row.cells].map(readText));
}

/** How many skeleton rows `table`'s body draws (hidden from assistive technology). */
export function skeletonRows(table: HTMLElement): number {
  return tableBody(table).querySelectorAll('tr[aria-hidden]').length;
}

/**
 * The page buttons of the pagination control named `name` inside `container`, and the page marked
 * current; null when no control shows (one page or none).
 */
export function shownPages(
  container: HTMLElement,
  name = 'Pagination',
): { pages: string[]; current: string | null } | null {
  const nav = within(container).queryByRole('navigation', { name });
  if (!nav) return null;
  const buttons = within(nav).getAllByRole('button', { name: /^Page \d+$/ });
  return {
    pages: buttons.map((button) => button.textContent ?? ''),
    current: buttons.find((button) => button.getAttribute('aria-current') === 'page')?.textContent ?? null,
  };
}

/** Gives jsdom a ResizeObserver that observes nothing until the calling test ends (a test that opens a menu). */
export function stubResizeObserver(): void {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
}
