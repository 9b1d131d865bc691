/**
 * tokensMachine's generated paths through the real Associated Tokens panel (issue 17; spec §2
 * "Associated Tokens panel", §4 "Token revoked flag", §7, §8; issue 15 finding 1), on the edit page of
 * the model's user 2 (the form above the panel loads that user from the demo data).
 *
 * Every tokens call the panel makes is held and answered by the step that settles it: the list load,
 * adding and renaming (the invoked actors' outcomes) and the revoke / restore request of a row (the
 * spawned request's `revoke.done` / `revoke.failed`), each answered with the model's fixture as the
 * contract's JSON, or its error's status and message (no answer for a network failure). Each request
 * is checked against the model: the token, the direction of a revoke, the name sent.
 *
 * Playwright's clock stands still, so the Undo offer lasts until the step that says its ten seconds
 * have passed (and no held call meets the client's own timeout). What runs on animation frames (a
 * dialog taking the focus or leaving the page, a toast making room for the next) is waited for by
 * running the clock a frame at a time, far from the offer's ten seconds; the dialogs' CSS animations
 * are turned off, since a frame run after one has ended in real time would leave the dialog waiting
 * for its end.
 *
 * The screen shows each region's state: the rows as the server last answered them (name, status,
 * their Rename and Revoke / Restore / Undo buttons, busy while their request is in flight), the
 * dimmed rows or the skeleton while loading, 'No tokens found.', or the failure with Retry; exactly
 * the dialogs the state has open (the name form 'Add token' or 'Rename token #N' with what is typed,
 * the contract's message once typed or submitted and everything disabled while saving; the revoke
 * confirmation naming the token, its Cancel focused; the Full Token modal with the token in full);
 * and the toast each outcome raises (spec §8, with the server's reason).
 *
 * Cut from the paths (`followable`): a step that names a row the panel has no button for (renaming
 * or viewing a token that is not listed, revoking a revoked token, restoring an active one, clicking
 * a row whose request is in flight). The machine ignores those events; the panel cannot send them.
 */
import { expect, test } from '../fixtures';
import type { Page } from '@playwright/test';
import type { ApiToken, ApiTokenCreated } from '@/api/schemas/tokens';
import { failureText } from '@/machines/failure-text';
import { OVERLAY_LINGER } from '@/machines/session.machine';
import { TOKEN_FAILURES, tokenChangedMessage } from '@/machines/tokens.machine';
import type { TokensSnapshot } from '@/machines/tokens.machine';
import tokensModel from '../../model/models/tokens.model';
import type { ModelEvent, ModelPath } from '../../model/harness';
import { signInAsAdmin } from './admin-session';
import { LEAN_TRACE } from './auth-ui';
import { answerForError, coveringPaths, describeUiModel, expectToast, expectWithFrames } from './ui-model';
import type { UiGesture, UiModel, UiRun } from './ui-model';

type TokensMachine = typeof tokensModel.machine;
type Run = UiRun<TokensMachine>;
type TokensEvent = ModelEvent<TokensMachine>;

const input = tokensModel.inputs?.['user 2'];
if (!input) throw new Error("the tokens model has no 'user 2' input");
const { userId } = input;

/** Installed by the replay (time flows); `start` stops it a minute later, before the app loads. */
const NOW = Date.parse('2025-01-03T12:00:00Z');
const TOKENS_URL = `**/api/backoffice/users/${userId}/tokens`;
const TOKENS_PATH = `/api/backoffice/users/${userId}/tokens`;

/** The held request of each call, by the name `HeldRequests` knows it under. */
const CALLS = {
  load: { url: TOKENS_URL, method: 'GET' },
  add: { url: TOKENS_URL, method: 'POST' },
  rename: { url: `${TOKENS_URL}/*`, method: 'PATCH' },
  revoke: { url: `${TOKENS_URL}/*/revoke`, method: 'PUT' },
} as const;
type Call = keyof typeof CALLS;

function snapshotBefore(run: Run): TokensSnapshot {
  const step = run.path.steps[run.step - 1];
  if (!step) throw new Error(`step ${run.step} has no step before it`);
  return step.state;
}

/** Waits until `call` has exactly `count` held requests (they arrive or are cancelled asynchronously). */
async function expectHeld(run: Run, call: Call, count: number): Promise<void> {
  await expect.poll(() => run.held.count(call), `held ${call} requests`).toBe(count);
}

/** Answers `call` with the step's outcome (fixture output or error), then looks for its toast. */
function answering(call: Call, toast: (event: TokensEvent) => string | null): UiGesture<TokensMachine> {
  return async ({ page, held }, event) => {
    if ('output' in event) await held.answer(call, { json: event.output });
    else if ('error' in event) await held.answer(call, answerForError(event.error));
    else throw new Error(`${event.type} is not an actor outcome`);
    const message = toast(event);
    if (message !== null) await expectToast(page, message);
  };
}

function errorToast(what: string): (event: TokensEvent) => string {
  return (event) => failureText(what, (event as { error: unknown }).error);
}

/** Checks that a held revoke request is for `tokenId` and goes the way `revoke` says. */
async function expectRevokeRequest(run: Run, tokenId: number, revoke: boolean): Promise<void> {
  const request = await run.held.peek('revoke');
  expect(new URL(request.url()).pathname).toBe(`${TOKENS_PATH}/${tokenId}/revoke`);
  expect(request.postDataJSON(), 'the request goes the way the answer says').toEqual({ revoke });
}

/** The row's state-changing button: Revoke, Restore, or Undo while its revoke may be undone. */
function toggleLabel(token: ApiToken, snapshot: TokensSnapshot): string {
  if (!token.revoked) return `Revoke token #${token.id}`;
  const undoable = snapshot.matches({ undo: 'offered' }) && snapshot.context.undoId === token.id;
  return undoable ? `Undo revoke of token #${token.id}` : `Restore token #${token.id}`;
}

/** A data row as the screen shows it: its cells, busy flag and action buttons ('(disabled)' marked). */
interface RowView {
  id: string;
  name: string;
  status: string;
  busy: boolean;
  actions: string[];
}

/** The table body as the screen shows it: busy or not, the data rows, and a message row's text. */
interface TableView {
  busy: boolean;
  rows: RowView[];
  /** The message row: the empty text, or the failure (an alert, with Retry). */
  note: { text: string; alert: boolean; retry: boolean } | null;
}

/** Reads the tokens table body (one read, so a failed check shows the whole table). */
async function readTable(page: Page): Promise<TableView> {
  return page.locator('table[aria-label="Tokens"] tbody').evaluate((element) => {
    const body = element as HTMLTableSectionElement;
    const rows = [...body.rows].filter((row) => /^#\d+$/.test(row.cells[0]?.textContent ?? ''));
    const message = [...body.rows].find((row) => (row.cells[0]?.colSpan ?? 1) > 1);
    return {
      busy: body.getAttribute('aria-busy') === 'true',
      rows: rows.map((row) => ({
        id: row.cells[0]?.textContent ?? '',
        name: row.cells[1]?.textContent ?? '',
        status: row.cells[2]?.textContent ?? '',
        busy: row.getAttribute('aria-busy') === 'true',
        actions: [...(row.cells[row.cells.length - 1]?.querySelectorAll('button') ?? [])].map(
          (button) => `${button.getAttribute('aria-label') ?? ''}${button.disabled ? ' (disabled)' : ''}`,
        ),
      })),
      note: message
        ? {
            text: message.querySelector('p')?.textContent ?? '',
            alert: message.querySelector('[role="alert"]') !== null,
            retry: [...message.querySelectorAll('button')].some((button) => button.textContent === 'Retry'),
          }
        : null,
    };
  });
}

/**
 * What the table shows in `snapshot`: while loading, the rows of the last answer (none at first,
 * under a skeleton); once loaded, the rows or 'No tokens found.'; after a failure, only the failure.
 */
function expectedTable(snapshot: TokensSnapshot): TableView {
  const { tokens, pending, loadError } = snapshot.context;
  if (snapshot.matches({ list: 'failed' })) {
    return {
      busy: false,
      rows: [],
      note: { text: failureText(TOKEN_FAILURES.load, loadError), alert: true, retry: true },
    };
  }
  const loading = snapshot.matches({ list: 'loading' });
  const rows = tokens.map((token) => {
    const busy = pending.includes(token.id);
    const disabled = busy ? ' (disabled)' : '';
    return {
      id: `#${token.id}`,
      name: token.name ?? 'No name',
      status: token.revoked ? 'Revoked' : 'Active',
      busy,
      actions: [`Rename token #${token.id}${disabled}`, `${toggleLabel(token, snapshot)}${disabled}`],
    };
  });
  const empty = !loading && tokens.length === 0;
  return {
    busy: loading,
    rows,
    note: empty ? { text: 'No tokens found.', alert: false, retry: false } : null,
  };
}

async function expectTable(run: Run, snapshot: TokensSnapshot): Promise<void> {
  await expect.poll(() => readTable(run.page), 'the tokens table').toEqual(expectedTable(snapshot));
}

/** The titles of the dialogs open on the page, sorted. */
async function openDialogs(page: Page): Promise<string[]> {
  const titles = await page
    .locator('[role="dialog"], [role="alertdialog"]')
    .evaluateAll((dialogs) =>
      dialogs.map((dialog) => dialog.querySelector('[data-part="title"]')?.textContent ?? ''),
    );
  return titles.sort();
}

/** The titles of the dialogs `snapshot` has open: the name form or the revoke question, and Full Token. */
function expectedDialogs({ context, value }: TokensSnapshot): string[] {
  const { dialog } = value as { dialog: string };
  const titles: string[] = [];
  if (dialog === 'naming' || dialog === 'adding' || dialog === 'renaming') {
    const { tokenId } = context.draft;
    titles.push(tokenId === null ? 'Add token' : `Rename token #${tokenId}`);
  }
  if (dialog === 'confirming') titles.push(`Revoke token #${context.confirmingId}?`);
  if (context.viewingId !== null) titles.push('Full Token');
  return titles.sort();
}

/** Exactly the dialogs of `snapshot` are open; the Full Token modal shows the viewed token in full. */
async function expectDialogs(page: Page, snapshot: TokensSnapshot): Promise<void> {
  await expectWithFrames(page, () => openDialogs(page), expectedDialogs(snapshot), 'the open dialogs');
  const { tokens, viewingId } = snapshot.context;
  const viewing = tokens.find((token) => token.id === viewingId);
  if (viewing) await expect(page.getByTestId('full-token')).toHaveText(viewing.token);
}

function nameInput(page: Page) {
  return page.getByRole('textbox', { name: 'Name (optional)' });
}

function nameSubmit(page: Page) {
  return page.getByRole('dialog').locator('button[type="submit"]');
}

/** The name form as the screen shows it. */
async function readNameForm(page: Page) {
  return page
    .getByRole('dialog')
    .locator('form')
    .evaluate((form) => {
      const field = form.querySelector('input');
      const submit = form.closest('[role="dialog"]')?.querySelector('button[type="submit"]');
      return {
        value: field?.value,
        editable: field?.disabled === false,
        invalid: field?.getAttribute('aria-invalid') === 'true',
        error: form.querySelector('[data-part="error-text"]')?.textContent ?? null,
        canSubmit: submit instanceof HTMLButtonElement && !submit.disabled,
      };
    });
}

/** The name form: what is typed, the contract's message once typed in or submitted, busy while saving. */
async function expectNameForm(page: Page, snapshot: TokensSnapshot, saving: boolean): Promise<void> {
  const { draft } = snapshot.context;
  const error = draft.touched ? draft.error : null;
  await expect
    .poll(() => readNameForm(page), 'the name form')
    .toEqual({
      value: draft.name,
      editable: !saving,
      invalid: error !== null,
      error,
      canSubmit: !saving,
    });
}

/** What the name form sends: the typed name trimmed, blank as null (only a valid one is sent). */
function sentName(snapshot: TokensSnapshot): string | null {
  const name = snapshot.context.draft.name.trim();
  return name === '' ? null : name;
}

const tokensUi: UiModel<TokensMachine> = {
  model: tokensModel,
  clock: NOW,
  start: async ({ page, held }) => {
    await signInAsAdmin(page);
    for (const [name, { url, method }] of Object.entries(CALLS)) await held.hold(name, url, method);
    await page.clock.pauseAt(NOW + 60_000);
    await page.goto(`/dashboard/users/${userId}/edit`);
    await page.addStyleTag({ content: '[data-scope="dialog"] { animation: none !important; }' });
    // The panel asks for the tokens once the session and the user above it have loaded; the
    // session's overlay then lingers for its time before the panel can be used.
    await held.peek('load');
    await page.clock.runFor(OVERLAY_LINGER);
    await expect(page.getByRole('status', { name: 'Loading your session' })).toBeHidden();
  },
  events: {
    'xstate.done.actor.loadTokens': answering('load', () => null),
    'xstate.error.actor.loadTokens': answering('load', () => null),
    'xstate.done.actor.addToken': answering(
      'add',
      (event) => (event as { output: ApiTokenCreated }).output.message,
    ),
    'xstate.error.actor.addToken': answering('add', errorToast(TOKEN_FAILURES.add)),
    'xstate.done.actor.renameToken': answering('rename', (event) =>
      tokenChangedMessage((event as { output: ApiToken }).output.id, 'renamed'),
    ),
    'xstate.error.actor.renameToken': answering('rename', errorToast(TOKEN_FAILURES.rename)),
    'revoke.done': async (run, event) => {
      if (event.type !== 'revoke.done') throw new Error(`not a revoke answer: ${event.type}`);
      const { token } = event;
      await expectRevokeRequest(run, token.id, token.revoked);
      await run.held.answer('revoke', { json: token });
      await expectToast(run.page, tokenChangedMessage(token.id, token.revoked ? 'revoked' : 'restored'));
    },
    'revoke.failed': async (run, event) => {
      if (event.type !== 'revoke.failed') throw new Error(`not a revoke failure: ${event.type}`);
      await expectRevokeRequest(run, event.tokenId, event.revoke);
      await run.held.answer('revoke', answerForError(event.error));
      const what = event.revoke ? TOKEN_FAILURES.revoke : TOKEN_FAILURES.restore;
      await expectToast(run.page, failureText(what, event.error));
    },
    'tokens.reload': async ({ page }) => {
      await page.getByRole('button', { name: 'Retry' }).click();
    },
    'tokens.add': async ({ page }) => {
      await page.getByRole('button', { name: 'Add Token', exact: true }).click();
    },
    'tokens.rename': async ({ page }, event) => {
      if (event.type !== 'tokens.rename') throw new Error(`not a rename: ${event.type}`);
      await page.getByRole('button', { name: `Rename token #${event.tokenId}`, exact: true }).click();
    },
    'tokens.nameChanged': async ({ page }, event) => {
      if (event.type !== 'tokens.nameChanged') throw new Error(`not a name change: ${event.type}`);
      await nameInput(page).fill(event.name);
    },
    'tokens.submitName': async (run) => {
      const before = snapshotBefore(run);
      await nameSubmit(run.page).click();
      const { draft } = before.context;
      if (draft.error !== null) {
        const focused = () => nameInput(run.page).evaluate((field) => field === document.activeElement);
        await expectWithFrames(run.page, focused, true, 'a refused name is focused, not sent');
        return;
      }
      const request = await run.held.peek(draft.tokenId === null ? 'add' : 'rename');
      expect(new URL(request.url()).pathname).toBe(
        draft.tokenId === null ? TOKENS_PATH : `${TOKENS_PATH}/${draft.tokenId}`,
      );
      expect(request.postDataJSON(), 'the name sent').toEqual({ name: sentName(before) });
    },
    'tokens.cancelName': async ({ page }) => {
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    },
    'tokens.revoke': async ({ page }, event) => {
      if (event.type !== 'tokens.revoke') throw new Error(`not a revoke: ${event.type}`);
      await page.getByRole('button', { name: `Revoke token #${event.tokenId}`, exact: true }).click();
    },
    'tokens.confirmRevoke': async ({ page }) => {
      await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke', exact: true }).click();
    },
    'tokens.cancelRevoke': async ({ page }) => {
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    },
    'tokens.restore': async (run, event) => {
      if (event.type !== 'tokens.restore') throw new Error(`not a restore: ${event.type}`);
      const before = snapshotBefore(run);
      const token = before.context.tokens.find((row) => row.id === event.tokenId);
      if (!token) throw new Error(`token ${event.tokenId} is not listed`);
      await run.page.getByRole('button', { name: toggleLabel(token, before), exact: true }).click();
    },
    'tokens.view': async ({ page }, event) => {
      if (event.type !== 'tokens.view') throw new Error(`not a view: ${event.type}`);
      await page.getByRole('button', { name: `View token #${event.tokenId}`, exact: true }).click();
    },
    'tokens.closeView': async ({ page }) => {
      await page.getByRole('dialog', { name: 'Full Token' }).getByRole('button', { name: 'Close' }).click();
    },
  },
  states: {
    'tokens.list.loading': async (run, snapshot) => {
      await expectHeld(run, 'load', 1);
      await expectTable(run, snapshot);
    },
    'tokens.list.loaded': async (run, snapshot) => {
      await expectHeld(run, 'load', 0);
      await expectTable(run, snapshot);
    },
    'tokens.list.failed': async (run, snapshot) => {
      await expectHeld(run, 'load', 0);
      await expectTable(run, snapshot);
    },
    'tokens.dialog.closed': async ({ page }, snapshot) => expectDialogs(page, snapshot),
    'tokens.dialog.naming': async ({ page }, snapshot) => {
      await expectDialogs(page, snapshot);
      await expectNameForm(page, snapshot, false);
    },
    'tokens.dialog.adding': async (run, snapshot) => {
      await expectDialogs(run.page, snapshot);
      await expectNameForm(run.page, snapshot, true);
      await expectHeld(run, 'add', 1);
    },
    'tokens.dialog.renaming': async (run, snapshot) => {
      await expectDialogs(run.page, snapshot);
      await expectNameForm(run.page, snapshot, true);
      await expectHeld(run, 'rename', 1);
    },
    'tokens.dialog.confirming': async ({ page }, snapshot) => {
      await expectDialogs(page, snapshot);
      const { tokens, confirmingId } = snapshot.context;
      const token = tokens.find((row) => row.id === confirmingId);
      if (!token) throw new Error('the model confirms a revoke of no listed token');
      const question = page.getByRole('alertdialog');
      await expect(question).toContainText(
        `Feed pulls with ${token.name === null ? `token #${token.id}` : `token #${token.id} “${token.name}”`}`,
      );
      const cancelFocused = () =>
        question
          .getByRole('button', { name: 'Cancel' })
          .evaluate((button) => button === document.activeElement);
      await expectWithFrames(page, cancelFocused, true, 'Cancel has the focus: Enter revokes nothing');
    },
    // Which row offers Undo is checked with the table; here, that one offer at most shows.
    'tokens.undo.idle': async ({ page }) => {
      await expect(page.getByRole('button', { name: /^Undo revoke/, includeHidden: true })).toHaveCount(0);
    },
    'tokens.undo.offered': async ({ page }, snapshot) => {
      const shown = snapshot.matches({ list: 'failed' }) ? 0 : 1;
      await expect(page.getByRole('button', { name: /^Undo revoke/, includeHidden: true })).toHaveCount(
        shown,
      );
    },
  },
};

/** How many steps of a path the panel can follow: up to a step naming a row it has no button for. */
function followable(path: ModelPath<TokensMachine>): number {
  const cut = path.steps.findIndex(({ event }, index) => {
    const before = path.steps[index - 1]?.state;
    if (!before || !('tokenId' in event) || !event.type.startsWith('tokens.')) return false;
    const token = before.context.tokens.find((row) => row.id === event.tokenId);
    // A row whose request is in flight has its buttons disabled.
    if (before.context.pending.includes(event.tokenId)) return true;
    if (event.type === 'tokens.revoke') return token?.revoked !== false;
    if (event.type === 'tokens.restore') return token?.revoked !== true;
    return token === undefined;
  });
  return cut < 0 ? path.steps.length : cut;
}

test.use({ trace: LEAN_TRACE });

describeUiModel(tokensUi, await coveringPaths(tokensModel, followable));
