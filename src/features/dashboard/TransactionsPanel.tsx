/**
 * The Transactions panel (spec §2): status checkboxes, From / To, the date-range preset dropdown, a
 * table of at most 400 px that scrolls, server pages, and the 'TRANSACTIONS REPORT' button with its
 * own period dropdown. The panel's statechart (transactionsPanelMachine) runs the list, the two
 * periods and the report as its children and connects them; this screen renders the children and
 * sends them what the user does.
 */
import { Badge, Box, Card, Checkbox, Fieldset, HStack, Stack, Table } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { formatDateTime, formatDollars } from '@/api/format';
import { TRANSACTION_STATUS_CODES, TRANSACTION_STATUS_LABELS } from '@/api/schemas/dashboard';
import type { TransactionStatusCode } from '@/api/schemas/dashboard';
import { requireChild, transactionsPanelMachine } from '@/machines/dashboardPanel.machine';
import { selectListView } from '@/machines/list.machine';
import { useScreenActor } from '@/routes/screen-actor';
import { Pagination } from '@/ui/Pagination';
import { DateRangeFields, PeriodSelect, ReportButton } from './PanelControls';

/** Spec §4: the badge colour of each transaction status. */
export const STATUS_COLOURS: Readonly<Record<TransactionStatusCode, string>> = {
  1: 'green',
  2: 'red',
  3: 'yellow',
  4: 'blue',
};

const COLUMNS = ['Transaction', 'Date & Time', 'Amount', 'Reference Number', 'Payment Method', 'Status'];

/** The panel; starts on the default period (Last 7 days) with every status. */
export function TransactionsPanel() {
  const panel = useScreenActor(transactionsPanelMachine, { input: {} });
  const list = useSelector(panel, (snapshot) => requireChild(snapshot, 'list'));
  const period = useSelector(panel, (snapshot) => requireChild(snapshot, 'period'));
  const reportPeriod = useSelector(panel, (snapshot) => requireChild(snapshot, 'reportPeriod'));
  const report = useSelector(panel, (snapshot) => requireChild(snapshot, 'report'));
  const view = useSelector(list, selectListView);
  const reportRange = useSelector(reportPeriod, (snapshot) => snapshot.context);

  const toggleStatus = (code: string, checked: boolean) => {
    const status = checked
      ? [...view.filters.status, code]
      : view.filters.status.filter((value) => value !== code);
    list.send({ type: 'list.filter', filters: { status: [...status].sort() } });
  };
  const generate = () =>
    report.send({
      type: 'report.generate',
      request: {
        kind: 'transactions',
        status: view.filters.status.map(Number),
        start_date: reportRange.from,
        end_date: reportRange.to,
      },
    });

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
          <HStack gap="2">
            <PeriodSelect period={reportPeriod} label="Report period" />
            <ReportButton report={report} label="TRANSACTIONS REPORT" onGenerate={generate} />
          </HStack>
        </HStack>
      </Card.Header>
      <Card.Body gap="4">
        <HStack gap="6" wrap="wrap" align="end">
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
          <PeriodSelect period={period} label="Transactions date range" />
        </HStack>
        <Box maxH="400px" overflowY="auto" borderWidth="1px" rounded="md" aria-busy={view.isLoading}>
          <Table.Root size="sm" stickyHeader aria-label="Transactions">
            <Table.Header>
              <Table.Row>
                {COLUMNS.map((column) => (
                  <Table.ColumnHeader key={column} textAlign={column === 'Amount' ? 'end' : undefined}>
                    {column}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {view.items.length === 0 && (
                <Table.Row>
                  <Table.Cell colSpan={COLUMNS.length} textAlign="center" color="fg.muted">
                    {view.isLoading ? 'Loading transactions...' : 'No transactions found.'}
                  </Table.Cell>
                </Table.Row>
              )}
              {view.items.map((row) => (
                <Table.Row key={row.id}>
                  <Table.Cell>{row.transaction}</Table.Cell>
                  <Table.Cell>{formatDateTime(row.date)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatDollars(row.amount)}</Table.Cell>
                  <Table.Cell>{row.reference_number}</Table.Cell>
                  <Table.Cell>{row.payment_method}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={STATUS_COLOURS[row.status]} variant="subtle">
                      {TRANSACTION_STATUS_LABELS[row.status]}
                    </Badge>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
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
