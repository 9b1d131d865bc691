/**
 * ordersPanelMachine's generated paths (tests/model/models/ordersPanel.model.ts) through the User
 * Orders panel of the dashboard home (spec §2 User Orders panel, §4 "Orders period"; issue 15): its
 * period set through the 'Orders period' dropdown and the From / To inputs, its list moved through
 * the URL's `orders.` keys. How the model's events become gestures, what each step asserts and which
 * paths run: dashboard-panel-ui.ts. The orders list asks for nothing while a day is missing (spec §2:
 * the fetch needs both), and its table says so.
 */
import ordersPanelModel from '../../model/models/ordersPanel.model';
import { describePanelReplay } from './dashboard-panel-ui';

await describePanelReplay({
  model: ordersPanelModel,
  title: 'User Orders',
  prefix: 'orders.',
  listMachine: 'orders',
  listPath: '/api/backoffice/dashboard/orders',
  periodLabel: 'Orders period',
  missingDayText: 'Choose both From and To dates to see orders.',
});
