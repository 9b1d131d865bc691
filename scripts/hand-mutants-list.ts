/**
 * The hand-written mutants of issue 28 ("a new set of at least 15 hand-written mutants"), applied one
 * at a time by `npm run test:hand-mutants` (scripts/hand-mutants.ts). Each is a realistic slip in the
 * product code, spread over the statecharts, their API actors and two screens: a spec text that
 * drifts, a delay off the spec, a negated guard, a message sent to the wrong actor, a wrong request
 * parameter, a failed reload that keeps the old rows. Every one type-checks (`tsc` would not catch
 * it) and changes what a person or the server sees.
 */

/** What kind of slip a mutant is (issue 28's list, plus two seen in review). */
export type MutantKind =
  | 'text'
  | 'delay'
  | 'negated guard'
  | 'guard parameter'
  | 'sendTo target'
  | 'request parameter'
  | 'reload keeps old rows'
  | 'wrong event';

/** One mutant: in `file`, the text `find` (exactly once in the file) becomes `replace`. */
export interface HandMutant {
  id: string;
  /** Path from the tree's root. */
  file: string;
  find: string;
  replace: string;
  kind: MutantKind;
  /** One line: what goes wrong for the person using the app. */
  description: string;
  /**
   * Playwright file filters (regular expressions on a spec's path) of the areas that show the slip:
   * named by area rather than by file, so they still pick the right specs after files are renamed.
   */
  areas: string[];
}

/** The mutants, in the order they run. */
export const HAND_MUTANTS: readonly HandMutant[] = [
  {
    id: 'session-logout-text',
    file: 'src/machines/session.machine.ts',
    find: "LOGOUT_FAILED_MESSAGE = 'Failed to logout.'",
    replace: "LOGOUT_FAILED_MESSAGE = 'Failed to log out.'",
    kind: 'text',
    description: "A refused logout shows 'Failed to log out.' instead of spec §8's 'Failed to logout.'",
    areas: ['session', 'profile', 'auth'],
  },
  {
    id: 'user-statistics-text',
    file: 'src/machines/userStatistics.machine.ts',
    find: "'Failed to load user statistics. Please try again later.'",
    replace: "'Failed to load user statistics.'",
    kind: 'text',
    description: "The statistic cards' red box drops spec §8's 'Please try again later.'",
    areas: ['user'],
  },
  {
    id: 'report-generating-label',
    file: 'src/machines/report.machine.ts',
    find: "GENERATING_LABEL = 'Generating...'",
    replace: "GENERATING_LABEL = 'Generating…'",
    kind: 'text',
    description: "The report button reads 'Generating…' (one character) instead of spec §2's 'Generating...'",
    areas: ['report', 'dashboard', 'transactions', 'orders'],
  },
  {
    id: 'tokens-panel-empty-text',
    file: 'src/features/tokens/TokensPanel.tsx',
    find: 'emptyText="No tokens found."',
    replace: 'emptyText="No tokens yet."',
    kind: 'text',
    description: "The tokens table of a user without tokens says 'No tokens yet.', not 'No tokens found.'",
    areas: ['tokens'],
  },
  {
    id: 'session-refresh-interval',
    file: 'src/machines/session.machine.ts',
    find: 'TOKEN_REFRESH_INTERVAL = 3_300_000',
    replace: 'TOKEN_REFRESH_INTERVAL = 3_600_000',
    kind: 'delay',
    description:
      'Tokens are refreshed after 60 minutes, when the access token has just expired (spec §9: 55)',
    areas: ['session', 'auth', 'login'],
  },
  {
    id: 'list-debounce',
    file: 'src/machines/list.machine.ts',
    find: 'LIST_DEBOUNCE_MS = 300',
    replace: 'LIST_DEBOUNCE_MS = 500',
    kind: 'delay',
    description: 'A typed search (and typed dates) waits 500 ms of quiet instead of 300 before it fetches',
    areas: ['users', 'orders', 'dashboard', 'datePreset'],
  },
  {
    id: 'tokens-undo-window',
    file: 'src/machines/tokens.machine.ts',
    find: 'TOKEN_UNDO_MS = 10_000',
    replace: 'TOKEN_UNDO_MS = 5_000',
    kind: 'delay',
    description: "A revoked token's Undo disappears after 5 s instead of 10 s",
    areas: ['tokens'],
  },
  {
    id: 'session-retry-8s',
    file: 'src/machines/sessionRetry.machine.ts',
    find: 'RETRY_AFTER_8S: RETRY_DELAYS_MS[3]',
    replace: 'RETRY_AFTER_8S: RETRY_DELAYS_MS[2]',
    kind: 'delay',
    description: 'After the 4th failure in a row the session retries after 4 s while the notice says 8 s',
    areas: ['session'],
  },
  {
    id: 'carousel-interval',
    file: 'src/machines/carousel.machine.ts',
    find: 'SLIDE_INTERVAL_MS = 5000',
    replace: 'SLIDE_INTERVAL_MS = 4000',
    kind: 'delay',
    description: "The landing page's brand carousel moves every 4 s instead of every 5 s",
    areas: ['carousel', 'public'],
  },
  {
    id: 'session-logout-guard',
    file: 'src/machines/session.machine.ts',
    find: 'holdsAccessToken: ({ context }) => context.accessToken !== null',
    replace: 'holdsAccessToken: ({ context }) => context.accessToken === null',
    kind: 'negated guard',
    description: 'A signed-in logout never tells the server (its refresh token stays valid)',
    areas: ['session', 'auth', 'profile'],
  },
  {
    id: 'login-turned-away',
    file: 'src/machines/login.machine.ts',
    find: 'turnedAway: ({ context }) => context.turnedAway,',
    replace: 'turnedAway: ({ context }) => !context.turnedAway,',
    kind: 'negated guard',
    description:
      'A login card left open does not follow a sign-in in another tab (and a turned-away one does)',
    areas: ['login', 'auth', 'navigation'],
  },
  {
    id: 'feed-editor-cache-fresh',
    file: 'src/machines/feedEditor.machine.ts',
    find: 'return age >= 0 && age < SHOP_PRODUCTS_CACHE_MS;',
    replace: 'return !(age >= 0 && age < SHOP_PRODUCTS_CACHE_MS);',
    kind: 'negated guard',
    description: "The feed editor refetches the shop's products when its cache is fresh and uses a stale one",
    areas: ['feedEditor', 'feeds'],
  },
  {
    id: 'login-status-503',
    file: 'src/machines/login.machine.ts',
    find: "guard: { type: 'failedWithStatus', params: { status: 503 } }",
    replace: "guard: { type: 'failedWithStatus', params: { status: 502 } }",
    kind: 'guard parameter',
    description:
      "A busy server's 503 ends the session with the generic login error instead of 'The server is busy'",
    areas: ['login', 'auth'],
  },
  {
    id: 'transactions-panel-filter-target',
    file: 'src/machines/dashboardPanel.machine.ts',
    // Since issue 30 both panels come from one factory: the mutant reaches the User Orders panel too.
    find: "filterList: sendTo('list', (_, params: DayRange) => ({",
    replace: "filterList: sendTo('period', (_, params: DayRange) => ({",
    kind: 'sendTo target',
    description:
      'The Transactions (and User Orders) panel sends a new period to its period child, so the table keeps the old days',
    areas: ['transactions', 'dashboard', 'datePreset'],
  },
  {
    id: 'orders-panel-period-target',
    file: 'src/machines/dashboardPanel.machine.ts',
    find: "setPeriod: sendTo('period', (_, params: DayRange) => ({ type: 'period.set' as const, range: params })),",
    replace:
      "setPeriod: sendTo('list', (_, params: DayRange) => ({ type: 'period.set' as const, range: params })),",
    kind: 'sendTo target',
    description:
      'The User Orders (and Transactions) panel sends days read from the URL (Back, a link) to its list, not its From/To inputs',
    areas: ['orders', 'dashboard', 'datePreset'],
  },
  {
    id: 'transactions-limit',
    file: 'src/api/dashboard.ts',
    find: 'searchParams: { page: query.page, limit: 100,',
    replace: 'searchParams: { page: query.page, limit: 50,',
    kind: 'request parameter',
    description: 'The transactions list asks for pages of 50 instead of spec §9’s 100',
    areas: ['transactions', 'dashboard'],
  },
  {
    id: 'users-status-separator',
    file: 'src/api/users.ts',
    find: "searchParams.status = params.status.join(',');",
    replace: "searchParams.status = params.status.join(' ');",
    kind: 'request parameter',
    description: "Filtering users by both statuses sends 'status=1 2', which the server refuses",
    areas: ['users'],
  },
  {
    id: 'orders-end-date',
    file: 'src/machines/ordersList.machine.ts',
    find: 'end_date: filters.end_date,\n        sort: knownListSort(ORDER_SORT_COLUMNS',
    replace: 'end_date: filters.start_date,\n        sort: knownListSort(ORDER_SORT_COLUMNS',
    kind: 'request parameter',
    description: 'The User Orders list asks for its From day only, whatever To says',
    areas: ['orders', 'dashboard'],
  },
  {
    id: 'list-failure-keeps-rows',
    file: 'src/machines/list.machine.ts',
    find: 'applyFailure: assign((_, params: { error: unknown }) => ({\n        items: [],\n',
    replace: 'applyFailure: assign((_, params: { error: unknown }) => ({\n',
    kind: 'reload keeps old rows',
    description:
      "A failed reload of the users, transactions or orders list keeps the last page's rows on show",
    areas: ['users', 'orders', 'transactions', 'dashboard'],
  },
  {
    id: 'tokens-failure-keeps-rows',
    file: 'src/machines/tokens.machine.ts',
    find: 'assign({ tokens: [], loadError: ({ event }) => event.error, viewingId: null })',
    replace: 'assign({ loadError: ({ event }) => event.error, viewingId: null })',
    kind: 'reload keeps old rows',
    description: 'A failed reload of the tokens keeps the old rows, which can still be renamed and viewed',
    areas: ['tokens'],
  },
  {
    id: 'users-panel-retry-event',
    file: 'src/features/users/UsersPanel.tsx',
    find: "onRetry={() => list.send({ type: 'list.reload' })}",
    replace: "onRetry={() => list.send({ type: 'list.page', page: 1 })}",
    kind: 'wrong event',
    description: "The users table's Retry sends 'go to page 1', which does nothing on page 1",
    areas: ['users'],
  },
];
