/**
 * The users list's reviewed table, the shared list table of ./list-table.ts: spec §2 "Users list
 * panel" (search and status filters) and issue 15 (column sort); every query may be asked, so the
 * list has no state that waits for its filters.
 */
import { listTable } from './list-table';

export default listTable({
  id: 'usersList',
  source: 'spec §2 Users list panel, §7 GET /users',
  waitsForFilters: false,
  texts: {
    // Spec §2 'Filter by Status': Active and Inactive, as their URL values.
    USER_STATUS_CHOICES: [
      { value: '1', label: 'Active' },
      { value: '2', label: 'Inactive' },
    ],
    // No search, every status, newest first.
    USER_FILTER_DEFAULTS: { query: '', status: [], sort: '' },
  },
});
