// @vitest-environment jsdom
/**
 * DataTable (issue 30 "one column-driven table component"): the spec's headers in column order, a
 * row's cells as its columns fill them, each data cell labelled with its header for the stacked
 * layout (`data-label`, drawn by CSS), the sort buttons of sortable
 * columns with `aria-sort` on the sorted header only and a press reported by key, and the status
 * rows of TableRegion spanning every column. The layout at 375 and 1440 px is the browser's
 * (tests/e2e); jsdom draws no media queries.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable } from './DataTable';
import type { DataTableColumn, DataTableSort } from './DataTable';
import type { TableBodyStatus } from './TableRegion';
import { appSystem } from './system';

type Row = { id: number; name: string; amount: number };

const COLUMNS: ReadonlyArray<DataTableColumn<Row>> = [
  { key: 'name', header: 'Customer Name', sort: true, cell: (row) => row.name },
  { key: 'amount', header: 'Amount', sort: true, align: 'end', cell: (row) => `£${row.amount}` },
  { key: 'id', header: 'Order Number', cell: (row) => row.id },
];

const ROWS: Row[] = [
  { id: 7, name: 'Ada', amount: 12 },
  { id: 9, name: 'Grace', amount: 3 },
];

function renderTable(options: { sortedBy?: DataTableSort; status?: TableBodyStatus; rows?: Row[] } = {}) {
  const onSort = vi.fn();
  const onRetry = vi.fn();
  render(
    <ChakraProvider value={appSystem()}>
      <DataTable
        label="Orders table"
        caption="Orders"
        id="orders-region"
        columns={COLUMNS}
        rows={options.rows ?? ROWS}
        rowKey={(row) => row.id}
        sortedBy={options.sortedBy}
        onSort={onSort}
        status={{
          status: options.status ?? 'loaded',
          hasRows: (options.rows ?? ROWS).length > 0,
          emptyText: 'No orders found.',
          failedText: 'Failed to load orders: Internal Server Error',
          onRetry,
        }}
      />
    </ChakraProvider>,
  );
  return { onSort, onRetry, table: screen.getByRole('table', { name: 'Orders' }) };
}

/** Each header as read, with its aria-sort when it has one. */
function headers(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('columnheader')
    .map(
      (header) =>
        `${header.textContent}${header.hasAttribute('aria-sort') ? ` ${header.getAttribute('aria-sort')}` : ''}`,
    );
}

afterEach(cleanup);

describe('DataTable', () => {
  it('frames the table in its focusable, labelled region with the given id', () => {
    const { table } = renderTable();
    const region = screen.getByRole('region', { name: 'Orders table' });
    expect(region.id).toBe('orders-region');
    expect(region.tabIndex).toBe(0);
    expect(region.contains(table)).toBe(true);
  });

  it('shows the headers in column order and each row as its columns fill it', () => {
    const { table } = renderTable();
    expect(headers(table)).toEqual(['Customer Name', 'Amount', 'Order Number']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Ada', '£12', '7'],
      ['Grace', '£3', '9'],
    ]);
  });

  it("labels every data cell with its column's header for the stacked layout; status rows have none", () => {
    const { table } = renderTable();
    const [first] = within(table).getAllByRole('row').slice(1);
    const labels = within(first!)
      .getAllByRole('cell')
      .map((cell) => cell.getAttribute('data-label'));
    expect(labels).toEqual(['Customer Name', 'Amount', 'Order Number']);
    cleanup();
    const empty = renderTable({ status: 'empty', rows: [] });
    expect(within(empty.table).getByRole('cell').hasAttribute('data-label')).toBe(false);
  });

  it('marks no header sorted under the default order, and sortable ones as buttons', () => {
    const { table } = renderTable({ sortedBy: null });
    expect(headers(table)).toEqual(['Customer Name', 'Amount', 'Order Number']);
    expect(
      within(table)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Customer Name', 'Amount']);
  });

  it('puts aria-sort on the sorted header alone, ascending or descending', () => {
    const { table } = renderTable({ sortedBy: { key: 'amount', descending: true } });
    expect(headers(table)).toEqual(['Customer Name', 'Amount descending', 'Order Number']);
    cleanup();
    const again = renderTable({ sortedBy: { key: 'name', descending: false } });
    expect(headers(again.table)).toEqual(['Customer Name ascending', 'Amount', 'Order Number']);
  });

  it("reports a sortable header's press by its column key, from the keyboard too (a native button)", () => {
    const { table, onSort } = renderTable();
    const amount = within(table).getByRole('button', { name: 'Amount' });
    expect(amount.tagName).toBe('BUTTON');
    fireEvent.click(amount);
    expect(onSort).toHaveBeenCalledExactlyOnceWith('amount');
  });

  it('draws a status row across every column instead of rows: empty, failed with Retry', () => {
    const empty = renderTable({ status: 'empty', rows: [] });
    const [emptyRow] = within(empty.table).getAllByRole('row').slice(1);
    expect(within(emptyRow!).getByRole('cell')).toHaveProperty('colSpan', 3);
    expect(emptyRow!.textContent).toBe('No orders found.');
    cleanup();
    const failed = renderTable({ status: 'failed', rows: [] });
    expect(within(failed.table).getByRole('alert').textContent).toContain(
      'Failed to load orders: Internal Server Error',
    );
    fireEvent.click(within(failed.table).getByRole('button', { name: 'Retry' }));
    expect(failed.onRetry).toHaveBeenCalledOnce();
  });
});
