/** Model of the customer's feeds on their page (issue 30), through the shared widget model of ../resource-model.ts. */
import { customerFeedsMachine } from '@/machines/customerFeeds.machine';
import type { CustomerFeed } from '@/machines/customerFeeds.machine';
import { defineResourceModel } from '../resource-model';

const FEEDS: CustomerFeed[] = [
  { id: 12, name: 'Acme main', products_count: 40, google_url: 'http://127.0.0.1/api/feed/v1/feeds/12.xml' },
];

export default defineResourceModel(customerFeedsMachine, FEEDS, { userId: 10, origin: 'http://127.0.0.1' });
