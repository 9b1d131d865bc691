/**
 * The Transactions panel (spec §2; issue 15 findings 2, 3, 6): status checkboxes, From / To, the
 * date-range preset dropdown, a table of at most 400 px that scrolls (a focusable, labelled region),
 * server pages sorted by the column whose header was pressed (issue 30: server-side, in the URL as
 * `tx.sort`), the 'TRANSACTIONS REPORT' button with its period dropdown, and 'Export CSV'.
 *
 * The panel's statechart (transactionsPanelMachine) runs the list, the period and the two file
 * actors as its children and connects them; this screen renders the children and sends them what the
 * user does. There is one period: the filters' dropdown and the report's show and set the same days,
 * and the report and the export are asked for the list's filters as they stand, so the files always
 * hold what the table shows. The filters live in the URL (`tx.` keys). The table tells loading
 * (skeleton, or the old rows dimmed), loaded, empty ('No transactions found.'), failed (the reason
 * and Retry) and days that cannot be asked for apart.
 */
import { Badge, Box, Card, Checkbox, HStack, Stack } from '@chakra-ui/react';
import { Fieldset } from '@/ui/bound-recipes/Fieldset';
import { useSelector } from '@xstate/react';
import { formatDateTime, formatDollars } from '@/api/format';
import {
  TRANSACTION_SORT_COLUMNS,
  TRANSACTION_STATUS_CODES,
  TRANSACTION_STATUS_LABELS,
  nextListSort,
  parseListSort,
} from '@/api/schemas/dashboard';
import type { Transaction, TransactionStatusCode } from '@/api/schemas/dashboard';
import { requireChild, transactionsPanelMachine } from '@/machines/dashboardPanel.machine';
import { failureText } from '@/machines/failure-text';
import { selectListView } from '@/machines/list.machine';
import { TRANSACTIONS_REGION_ID } from '@/machines/transactionsList.machine';
import { useScreenActor, useUiEffects } from '@/routes/screen-actor';
import { Pagination } from '@/ui/Pagination';
import { DataTable } from '@/ui/DataTable';
import type { DataTableColumn } from '@/ui/DataTable';
import { DateRangeFields, PeriodSelect, PanelFileButtons, usePanelUrl } from './PanelControls';

/** Spec §4: the badge colour of each transaction status. */
export const STATUS_COLOURS: Readonly<Record<TransactionStatusCode, string>> = {
  1: 'green',
  2: 'red',
  3: 'yellow',
  4: 'blue',
};

/** The failed list's text before the reason (the spec has none for this list). */
export const TRANSACTIONS_FAILED_TEXT = 'Failed to load transactions';
/** What the table says while the days cannot be asked for (their field error says why). */
export const TRANSACTIONS_INCOMPLETE_TEXT = 'Correct the dates above to see transactions.';

/** The table's columns, the spec's headers word for word (spec §2 Transactions panel). */
export const TRANSACTION_COLUMNS: ReadonlyArray<DataTableColumn<Transaction>> = [
  { key: 'transaction', header: 'Transaction', sort: true, cell: (row) => row.transaction },
  { key: 'date', header: 'Date & Time', sort: true, width: '11rem', cell: (row) => formatDateTime(row.date) },
  {
    key: 'amount',
    header: 'Amount',
    sort: true,
    width: '8rem',
    align: 'end',
    cell: (row) => formatDollars(row.amount),
  },
  {
    key: 'reference_number',
    header: 'Reference Number',
    sort: true,
    width: '10rem',
    cell: (row) => row.reference_number,
  },
  {
    key: 'payment_method',
    header: 'Payment Method',
    sort: true,
    width: '9rem',
    cell: (row) => row.payment_method,
  },
  {
    key: 'status',
    header: 'Status',
    sort: true,
    width: '7rem',
    cell: (row) => (
      <Badge colorPalette={STATUS_COLOURS[row.status]} variant="subtle">
        {TRANSACTION_STATUS_LABELS[row.status]}
      </Badge>
    ),
  },
];

/**
 * The table region's own scrolling (spec §9: at most 400 px high): the region is the scroller, so
 * the keyboard scrolls it both ways and its header sticks.
 */
export const TABLE_MAX_HEIGHT = { '& > [role=region]': { maxHeight: '400px', overflowY: 'auto' } } as const;

/** The panel; starts on the URL's filters, else Last 7 days with every status. */
export function TransactionsPanel() {
  const panel = useScreenActor(transactionsPanelMachine, { input: { url: usePanelUrl() } });
  const list = useSelector(panel, (snapshot) => requireChild(snapshot, 'list'));
  const period = useSelector(panel, (snapshot) => requireChild(snapshot, 'period'));
  const report = useSelector(panel, (snapshot) => requireChild(snapshot, 'report'));
  const exporter = useSelector(panel, (snapshot) => requireChild(snapshot, 'export'));
  useUiEffects(list);
  const view = useSelector(list, selectListView);
  // Issue 30: the order is one more filter of the list (server-sorted, back to page 1, in the URL).
  const sort = parseListSort(TRANSACTION_SORT_COLUMNS, view.filters.sort) ?? null;
  const sortedBy = sort && { key: sort.column, descending: sort.descending };
  const sortBy = (key: string) =>
    list.send({
      type: 'list.filter',
      filters: {
        sort: nextListSort(
          TRANSACTION_SORT_COLUMNS,
          view.filters.sort,
          key as (typeof TRANSACTION_SORT_COLUMNS)[number],
        ),
      },
    });

  const toggleStatus = (code: string, checked: boolean) => {
    const status = checked
      ? [...view.filters.status, code]
      : view.filters.status.filter((value) => value !== code);
    list.send({ type: 'list.filter', filters: { status: [...status].sort() } });
  };
  const request = {
    kind: 'transactions' as const,
    status: view.filters.status.map(Number),
    start_date: view.filters.start_date,
    end_date: view.filters.end_date,
  };
  const nothingToFile = view.status === 'incomplete';

  return (
    <Card.Root as="section" aria-labelledby="transactions-title">
      <Card.Header>
        <HStack justify="space-between" align="start" wrap="wrap" gap="4">
          <Stack gap="1">
            <Card.Title as="h2" id="transactions-title">
              Transactions
            </Card.Title>
            <Card.Description>This is a list of latest transactions</Card.Description>
          </Stack>
          <HStack gap="2" wrap="wrap">
            <PeriodSelect period={period} label="Report period" />
            <PanelFileButtons
              report={report}
              exporter={exporter}
              reportLabel="TRANSACTIONS REPORT"
              request={request}
              disabled={nothingToFile}
            />
          </HStack>
        </HStack>
      </Card.Header>
      <Card.Body gap="4">
        <HStack gap="6" wrap="wrap" align="start">
          <Fieldset.Root width="auto">
            <Fieldset.Legend fontSize="sm">Status</Fieldset.Legend>
            <HStack gap="4" wrap="wrap">
              {TRANSACTION_STATUS_CODES.map((code) => (
                <Checkbox.Root
                  key={code}
                  size="sm"
                  checked={view.filters.status.includes(String(code))}
                  onCheckedChange={(event) => toggleStatus(String(code), event.checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{TRANSACTION_STATUS_LABELS[code]}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </HStack>
          </Fieldset.Root>
          <DateRangeFields period={period} idPrefix="transactions" />
          <Box alignSelf="end">
            <PeriodSelect period={period} label="Transactions date range" />
          </Box>
        </HStack>
        <Box borderWidth="1px" rounded="md" css={TABLE_MAX_HEIGHT}>
          {/* A new page starts at the table's top: the region (its own scroller) is drawn afresh. */}
          <DataTable
            key={view.page}
            label="Transactions table"
            caption="Transactions"
            id={TRANSACTIONS_REGION_ID}
            stickyHeader
            columns={TRANSACTION_COLUMNS}
            rows={view.items}
            rowKey={(row) => row.id}
            sortedBy={sortedBy}
            onSort={sortBy}
            status={{
              status: view.status,
              hasRows: view.items.length > 0,
              emptyText: 'No transactions found.',
              failedText: failureText(TRANSACTIONS_FAILED_TEXT, view.error),
              onRetry: () => list.send({ type: 'list.reload' }),
              incompleteText: TRANSACTIONS_INCOMPLETE_TEXT,
            }}
          />
        </Box>
        <Pagination
          label="Transactions pages"
          currentPage={view.page}
          totalPages={view.totalPages}
          onPageChange={({ page }) => list.send({ type: 'list.page', page })}
        />
      </Card.Body>
    </Card.Root>
  );
}
