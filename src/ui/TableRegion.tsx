/**
 * The one way a list table is drawn around its rows (issue 15 "Errors look like empty results",
 * "Accessibility"): a labelled scroll region a keyboard can focus and scroll, the list's distinct
 * states as table rows (loading skeleton, empty, failed with Retry, incomplete filters), and an
 * actions column that stays in view at 375 px instead of hiding in a sideways scroll.
 */
import { Button, HStack, Text } from '@chakra-ui/react';
import { Table, useTableStyles } from './bound-recipes/Table';
import { GLOBAL_CLASS } from './global-classes';
import type { SystemStyleObject } from '@chakra-ui/react';
import { useDeferredValue, useMemo } from 'react';
import type { ComponentProps, ReactNode } from 'react';

/** Props of {@link TableRegion}. */
export interface TableRegionProps {
  /** Accessible name of the region, e.g. 'Users table'. */
  label: string;
  /** Element id: what a list's `regionId` focuses once a page asked for has loaded. */
  id?: string;
  children: ReactNode;
}

/**
 * A focusable, labelled scroll area for one `Table.Root`: arrow keys scroll it sideways when the
 * table is wider than the screen, and its focus ring shows where the keyboard is.
 */
export function TableRegion({ label, id, children }: TableRegionProps) {
  return (
    <Table.ScrollArea
      id={id}
      role="region"
      aria-label={label}
      tabIndex={0}
      // The containing block of absolutely placed content (screen-reader-only text), so the region
      // clips it instead of it widening the page.
      position="relative"
      scrollMarginTop="4"
      rounded="sm"
      focusVisibleRing="outside"
    >
      {children}
    </Table.ScrollArea>
  );
}

/**
 * Style of the last column of a table that holds the row actions (header and cells): it sticks to
 * the region's right edge, so 'Edit' is reachable at 375 px without scrolling sideways.
 */
export const stickyActionsColumn: SystemStyleObject = {
  position: 'sticky',
  insetInlineEnd: 0,
  bg: 'bg.panel',
  zIndex: 1,
  boxShadow: '-1px 0 0 0 var(--chakra-colors-border)',
};

/**
 * Class of a list's row drawn as a plain `<tr>` of plain `<td>`s, for lists of up to 100 rows where a
 * Chakra `Table.Row` and `Table.Cell` per row cost a style resolution each (issue 31; Chakra's
 * styling performance guide), and for the loading rows of every list ({@link TableStatusRows}).
 * Such rows go in a {@link PlainRowsBody}.
 */
export const PLAIN_ROW = 'pf-row';

/**
 * A `Table.Body` whose {@link PLAIN_ROW} rows and their cells get, once, the styles the enclosing
 * `Table.Root`'s recipe and variants give `Table.Row` and `Table.Cell` (`useTableStyles`), with `css`
 * (the list's own parts) on top. Other props go to the `Table.Body`.
 */
export function PlainRowsBody({
  css,
  ...props
}: Omit<ComponentProps<typeof Table.Body>, 'css'> & { css?: SystemStyleObject }) {
  const table = useTableStyles();
  const styles = useMemo(
    () => ({ [`& > tr.${PLAIN_ROW}`]: table.row, [`& > tr.${PLAIN_ROW} > td`]: table.cell, ...css }),
    [table, css],
  );
  return <Table.Body {...props} css={styles} />;
}

/**
 * Rows a list draws in the first commit of a new answer: enough to fill a tall screen below the
 * page's header and filters.
 */
export const FIRST_ROWS = 25;

/**
 * The rows of `items` to draw now (issue 31): when a new answer replaces a list's rows, its first
 * {@link FIRST_ROWS} are drawn at once and the whole list in a render React defers until the browser
 * has had them painted. Styling and laying out 100 rows took about 500 ms at 4× CPU before any of
 * them showed. `complete` is false while only the first rows are drawn (the body is then busy).
 */
export function useRowsInTwoSteps<T>(items: readonly T[]): { rows: readonly T[]; complete: boolean } {
  const deferred = useDeferredValue(items);
  const complete = deferred === items || items.length <= FIRST_ROWS;
  return { rows: complete ? items : items.slice(0, FIRST_ROWS), complete };
}

/** A list's state as far as its table body is concerned (`ListView.status` of list.machine). */
export type TableBodyStatus = 'loading' | 'loaded' | 'empty' | 'failed' | 'incomplete';

/** Props of {@link TableStatusRows}. */
export interface TableStatusRowsProps {
  status: TableBodyStatus;
  /** Number of columns, so the message row spans the table. */
  columns: number;
  /** True when rows from the previous answer are on screen (a loading list then dims them). */
  hasRows: boolean;
  /** The spec's empty text, e.g. 'No users found.'. */
  emptyText: string;
  /** The failure to show, worded by `failureText` (spec text + server reason). */
  failedText: string;
  /** Sends the list its retry (`list.reload`). */
  onRetry: () => void;
  /** What is missing when the filters cannot be asked yet, e.g. 'Choose both dates.'. */
  incompleteText?: string;
  /** Skeleton rows drawn while the first answer loads; default 5. */
  skeletonRows?: number;
}

function MessageRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Table.Row>
      <Table.Cell colSpan={columns} textAlign="center" py="8">
        {children}
      </Table.Cell>
    </Table.Row>
  );
}

/**
 * The rows a table body (a {@link PlainRowsBody}) shows instead of (or, while loading, before) its
 * data rows: skeleton rows while loading with nothing on screen, the empty text, the failure with a
 * Retry button (announced as an alert), or the incomplete-filters hint. Renders nothing when the data
 * rows should show. The skeleton rows are plain elements: they are what a prerendered list hydrates,
 * and as Chakra rows, cells and skeletons they were 55 of the users list's 154 styled elements.
 */
export function TableStatusRows(props: TableStatusRowsProps) {
  const { status, columns } = props;
  if (status === 'loading' && !props.hasRows)
    return (
      <>
        {Array.from({ length: props.skeletonRows ?? 5 }, (_, row) => (
          <tr key={row} className={PLAIN_ROW} aria-hidden>
            {Array.from({ length: columns }, (_, column) => (
              <td key={column}>
                <div className={GLOBAL_CLASS.skeletonLine} />
              </td>
            ))}
          </tr>
        ))}
      </>
    );
  if (status === 'empty')
    return (
      <MessageRow columns={columns}>
        <Text color="fg.muted">{props.emptyText}</Text>
      </MessageRow>
    );
  if (status === 'failed')
    return (
      <MessageRow columns={columns}>
        <HStack role="alert" justify="center" gap="4" wrap="wrap" color="fg.error">
          <Text>{props.failedText}</Text>
          <Button size="sm" variant="outline" colorPalette="red" onClick={props.onRetry}>
            Retry
          </Button>
        </HStack>
      </MessageRow>
    );
  if (status === 'incomplete' && props.incompleteText)
    return (
      <MessageRow columns={columns}>
        <Text color="fg.muted">{props.incompleteText}</Text>
      </MessageRow>
    );
  return null;
}

/**
 * Props for the `Table.Body` of a list: while a new answer loads over old rows, the rows are dimmed
 * and the body is marked busy, so stale rows never pass for the answer. It is busy too while only
 * the first rows of an answer are drawn (`allRowsDrawn` false, {@link useRowsInTwoSteps}).
 */
export function tableBodyProps(status: TableBodyStatus, allRowsDrawn = true) {
  return status === 'loading'
    ? ({ 'aria-busy': true, opacity: 0.5, transition: 'opacity 0.15s' } as const)
    : ({ 'aria-busy': !allRowsDrawn } as const);
}
