/**
 * The one column-driven list table (issue 30 "One column-driven table component … used by every
 * list"): a list names its columns once (`key`, the spec's `header` word for word, how a row fills
 * its `cell`, an optional `width`, whether it sorts) and DataTable draws the header, the status rows
 * of TableRegion (loading, empty, failed with Retry, incomplete) and the data rows, inside the
 * TableRegion frame every table has (ARCHITECTURE.md §4).
 *
 * Layout: from the `md` breakpoint on it is a table whose texts wrap, so the lists fit 1440 px
 * without sideways scroll; below it (375 px) every row stacks into a card, each cell preceded by its
 * column's header as a label (generated from the cell's `data-label`, so the cell's text stays its
 * value; the elements keep their table roles while drawn as blocks, so the header is still read).
 *
 * Sort: a sortable column's header holds a button (Tab, then Enter or Space) named by the column,
 * with an arrow for the direction (WAI-ARIA's sortable table example); the header of the column the
 * list is sorted by is the one that carries `aria-sort`. The table only reports the press
 * (`onSort(key)`); the list's statechart decides the new order.
 */
import { Button } from '@chakra-ui/react';
import { Table } from './bound-recipes/Table';
import type { SystemStyleObject } from '@chakra-ui/react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  PlainRowsBody,
  TableRegion,
  TableStatusRows,
  stickyActionsColumn,
  tableBodyProps,
} from './TableRegion';
import type { TableStatusRowsProps } from './TableRegion';

/** One column of a {@link DataTable}. */
export interface DataTableColumn<T> {
  /** Unique within the table; the sort key the list's order names when `sort` is set. */
  key: string;
  /** The header text, the spec's words (spec §2). */
  header: string;
  /** What a row shows in this column. */
  cell: (row: T) => ReactNode;
  /** True when a click on the header sorts the list by this column (see `DataTableProps.sortedBy`). */
  sort?: boolean;
  /** Width at `md` and up (a CSS length or Chakra token, e.g. '8rem', '32'); the rest share what is left. */
  width?: string;
  /** 'end' for numbers and amounts. */
  align?: 'start' | 'end';
  /** The row actions column: stays at the region's right edge at `md` and up (see stickyActionsColumn). */
  sticky?: boolean;
}

/** The order a table is shown in: a column key, descending or not; null for the list's default order. */
export type DataTableSort = { key: string; descending: boolean } | null;

/** Props of {@link DataTable}. */
export interface DataTableProps<T> {
  columns: ReadonlyArray<DataTableColumn<T>>;
  rows: readonly T[];
  /** A row's React key. */
  rowKey: (row: T) => string | number;
  /** Accessible name of the region (TableRegion's `label`, e.g. 'Transactions table'). */
  label: string;
  /** Accessible name of the table itself (e.g. 'Transactions'). */
  caption: string;
  /** Region element id, focused by the list machine after a page change. */
  id?: string;
  /** What the status rows need (TableStatusRows), without `columns` (the table counts them). */
  status: Omit<TableStatusRowsProps, 'columns'>;
  /** The order shown, for the headers' arrows and `aria-sort`. */
  sortedBy?: DataTableSort;
  /** Called with a sortable column's key when its header is pressed. */
  onSort?: (key: string) => void;
  /** Keeps the header in view while the region scrolls (a region with a maximum height). */
  stickyHeader?: boolean;
}

/**
 * Below `md` the table's elements are drawn as blocks: one card per row, a label before each value.
 * Exported for a table not (yet) drawn by DataTable (the tokens panel), whose cells bring the labels.
 */
export const STACKED: SystemStyleObject = {
  mdDown: {
    display: 'block',
    '& thead': {
      // Visually hidden, still read: the labels in the cells are for the eyes only.
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
    },
    '& tbody, & tr, & td': { display: 'block' },
    '& tbody tr': { borderBottomWidth: '1px', paddingBlock: '2' },
    '& tbody td': { borderBottomWidth: '0', paddingBlock: '1', textAlign: 'start' },
    // The label is generated content, so a cell's text stays its value (copying, finding a row).
    '& tbody td[data-label]::before': {
      content: 'attr(data-label)',
      display: 'block',
      fontSize: 'xs',
      color: 'fg.muted',
    },
  },
};

/** `aria-sort` of a column under `sortedBy`; undefined for a column the list is not sorted by. */
export function ariaSortOf(key: string, sortedBy: DataTableSort | undefined) {
  if (!sortedBy || sortedBy.key !== key) return undefined;
  return sortedBy.descending ? ('descending' as const) : ('ascending' as const);
}

function SortButton(props: {
  header: string;
  direction: 'ascending' | 'descending' | undefined;
  onSort: () => void;
}) {
  const Arrow =
    props.direction === undefined ? ArrowUpDown : props.direction === 'descending' ? ArrowDown : ArrowUp;
  return (
    <Button
      variant="ghost"
      size="xs"
      mx="-2"
      px="2"
      fontWeight="semibold"
      whiteSpace="normal"
      textAlign="start"
      height="auto"
      minH="6"
      onClick={props.onSort}
    >
      {props.header}
      <Arrow size={14} aria-hidden opacity={props.direction ? 1 : 0.5} />
    </Button>
  );
}

/** Renders the framed table; see the module comment. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, sortedBy, onSort } = props;
  return (
    <TableRegion label={props.label} id={props.id}>
      <Table.Root
        role="table"
        size="sm"
        stickyHeader={props.stickyHeader}
        aria-label={props.caption}
        whiteSpace="normal"
        css={STACKED}
      >
        <Table.Header role="rowgroup">
          <Table.Row role="row">
            {columns.map((column) => {
              const direction = column.sort ? ariaSortOf(column.key, sortedBy) : undefined;
              return (
                <Table.ColumnHeader
                  key={column.key}
                  role="columnheader"
                  width={column.width}
                  textAlign={column.align}
                  aria-sort={direction}
                  css={column.sticky ? { md: stickyActionsColumn } : undefined}
                >
                  {column.sort && onSort ? (
                    <SortButton
                      header={column.header}
                      direction={direction}
                      onSort={() => onSort(column.key)}
                    />
                  ) : (
                    column.header
                  )}
                </Table.ColumnHeader>
              );
            })}
          </Table.Row>
        </Table.Header>
        <PlainRowsBody role="rowgroup" {...tableBodyProps(props.status.status)}>
          <TableStatusRows {...props.status} columns={columns.length} />
          {rows.map((row) => (
            <Table.Row key={props.rowKey(row)} role="row">
              {columns.map((column) => (
                <Table.Cell
                  key={column.key}
                  role="cell"
                  data-label={column.header}
                  textAlign={column.align}
                  overflowWrap="anywhere"
                  css={column.sticky ? { md: stickyActionsColumn } : undefined}
                >
                  {column.cell(row)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </PlainRowsBody>
      </Table.Root>
    </TableRegion>
  );
}
