/**
 * The feeds list panel's reviewed table (see tests/model/oracle.ts for how to read it). Written from
 * spec §2 "Feeds list panel" (load, name search on the client, the 'All Brands' modal with its brand
 * search), §7 (GET /feeds), §8 "Silent failures" (the error message or 'Failed to load feeds'),
 * issue 3 (a list follows its URL) and issue 15 (a failed list offers Retry; search and sort kept in
 * the URL). The CSV export is feedsExport's table. The state names are the machine's; what happens in each is the spec's.
 */
import { defineOracle } from '../oracle';

export default defineOracle({
  source: 'spec §2 Feeds list panel, §7, §8 Silent failures; issues 3 and 15',
  delays: {},
  texts: {
    // Spec §8 "Feeds list shows the error message or 'Failed to load feeds'".
    FEEDS_LOAD_FAILED: 'Failed to load feeds',
    // Spec §9 "Brands shown inline in the feeds list: 6".
    INLINE_BRANDS: 6,
  },
  states: {
    feedsList: {
      // Issue 3: the list hears the app's locations (when the screen gives it them).
      entry: ['watchLocations'],
      // §2 "Search box 'Search...' filters by name ... on the client"; issue 15: the search and the
      // sort are put in the URL at once.
      'search.change': ['(stays) / applySearch, reportUrl'],
      'sort.change': ['(stays) / applySort, reportUrl'],
      // Issue 3: the echo of a URL the list asked for is no move; any other query in the URL
      // (back/forward, a link) is followed.
      'url.changed': ['[isEcho] (stays) / dropEcho', '[isOtherUrl] (stays) / followUrl'],
    },
    'feedsList.feeds': {},
    // §2 "'Loading Feeds...' while loading" (a new attempt forgets the last failure); §7 GET /feeds.
    'feedsList.feeds.loading': {
      entry: ['xstate.assign'],
      invoke: ['loadFeeds'],
      'done:loadFeeds': ['→ #feedsList.feeds.loaded / xstate.assign'],
      // §8: the failure is shown (with its reason, issue 15) and logged.
      'error:loadFeeds': ['→ #feedsList.feeds.failed / reportFailure, xstate.assign'],
    },
    // Issue 15 "Errors look like empty results": a failed list says so and offers Retry.
    'feedsList.feeds.failed': {
      retry: ['→ #feedsList.feeds.loading'],
    },
    // §2 Brands cell: 'Show {n} more...' or 'View brands' opens 'All Brands' with 'Search brands...'
    // and Close; the brand search belongs to an open modal.
    'feedsList.feeds.loaded': {
      'brands.open': ['(stays) / xstate.assign'],
      'brands.search': ['[modalIsOpen] (stays) / xstate.assign'],
      'brands.close': ['(stays) / xstate.assign'],
    },
  },
});
