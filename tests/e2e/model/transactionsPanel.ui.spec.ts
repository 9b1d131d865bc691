/**
 * transactionsPanelMachine's generated paths (tests/model/models/transactionsPanel.model.ts) through
 * the Transactions panel of the dashboard home (spec §2 Transactions panel; issue 15 findings 3 and
 * 6): its one period set through the From / To inputs and the 'TRANSACTIONS REPORT' period dropdown
 * (which must set the table's days as well), its list moved through the URL's `tx.` keys. How the
 * model's events become gestures, what each step asserts and which paths run: dashboard-panel-ui.ts.
 * The transactions list asks with an open end (the day is left out of the request).
 */
import transactionsPanelModel from '../../model/models/transactionsPanel.model';
import { describePanelReplay } from './dashboard-panel-ui';

await describePanelReplay({
  model: transactionsPanelModel,
  title: 'Transactions',
  prefix: 'tx.',
  listMachine: 'transactions',
  listPath: '/api/backoffice/dashboard/transactions',
  periodLabel: 'Report period',
});
