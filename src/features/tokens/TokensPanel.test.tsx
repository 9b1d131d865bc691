// @vitest-environment jsdom
/**
 * The Associated Tokens panel (spec §2, §4 "Token revoked flag", §8; issue 15) in each state of
 * tokensMachine's three regions. The list: the rows as the server last answered them (name, status,
 * Rename and Revoke / Restore / Undo, disabled while the row's request is in flight), dimmed under a
 * skeleton while loading, 'No tokens found.', or only the failure with Retry. The dialog: exactly the
 * dialogs the state has open (the name form with what is typed, its error once touched and all of it
 * disabled while saving; the revoke question naming the token; the new token shown once in full with
 * Copy and 'I have saved it'; Full Token with the prefix only, issue 30). Rows show the prefix only.
 * The Undo offer: one row offers Undo while it lasts. The gestures test sends every screen event.
 * Where a dialog puts the focus needs a browser's layout: tests/e2e/tokens.spec.ts checks it.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise, waitFor } from 'xstate';
import type { ApiToken, ApiTokenCreated } from '@/api/schemas/tokens';
import { failureText } from '@/machines/failure-text';
import { TOKEN_FAILURES, tokensMachine } from '@/machines/tokens.machine';
import type { RevokeAnswer, TokensEvent, TokensSnapshot } from '@/machines/tokens.machine';
import { httpFailure } from '@test-support/api-errors';
import { answerWith } from '@test-support/fake-actors';
import { describeScreenStates, givenActor, renderScreen } from '@test-support/screen';
import { TokensPanel } from './TokensPanel';

vi.mock('@/routes/screen-actor', async (original) =>
  (await import('@test-support/given-actors')).screenActorWithGiven(await original()),
);

function token(id: number, overrides: Partial<ApiToken> = {}): ApiToken {
  return {
    id,
    name: null,
    revoked: false,
    token_prefix: `pf_live_x${id}`,
    used_requests: 3,
    total_requests: 1000,
    last_used_at: null,
    created_at: '2025-01-02T10:00:00Z',
    updated_at: null,
    ...overrides,
  };
}

/** An active named token and a revoked one without a name. */
const TOKENS = [token(1, { name: 'Shop' }), token(2, { revoked: true })];
const FAILURE = httpFailure(500, 'Internal Server Error');

/** What the panel's calls answer: an answer, a failure (an Error), or nothing yet (undefined). */
interface Calls {
  load?: ApiToken[] | Error;
  add?: ApiTokenCreated | Error;
  rename?: ApiToken | Error;
  /** Revoke and restore requests: answered at once with the token turned so, or left in flight. */
  revoke?: 'answer' | 'hold';
}

/**
 * The panel of user 2 rendered once its actor, whose calls answer `calls`, has taken `events` and
 * then matches `state`.
 */
async function panelAfter(calls: Calls, events: TokensEvent[], state: (snapshot: TokensSnapshot) => boolean) {
  const given = givenActor(
    tokensMachine.provide({
      actors: {
        loadTokens: fromPromise(() => answerWith(calls.load)),
        addToken: fromPromise(() => answerWith(calls.add)),
        renameToken: fromPromise(() => answerWith(calls.rename)),
        revokeToken: fromCallback<RevokeAnswer, { userId: number; tokenId: number; revoke: boolean }>(
          ({ input, sendBack }) => {
            if (calls.revoke !== 'answer') return;
            const row = TOKENS.find((one) => one.id === input.tokenId) ?? token(input.tokenId);
            sendBack({ type: 'revoke.done', token: { ...row, revoked: input.revoke } });
          },
        ),
      },
      actions: { reportFailure: () => {} },
    }),
    { input: { userId: 2 } },
  );
  if (calls.load !== undefined)
    await waitFor(given.actor, (snapshot) => !snapshot.matches({ list: 'loading' }));
  for (const event of events) given.actor.send(event);
  await waitFor(given.actor, state);
  renderScreen(<TokensPanel userId={2} />);
  // Dialogs open and take the focus in effects and on the next frames.
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
  return given;
}

/** A data row as the screen shows it: its cells, busy flag and action buttons ('(disabled)' marked). */
interface RowView {
  id: string;
  name: string;
  status: string;
  busy: boolean;
  actions: string[];
}

/** The tokens table body: busy or not, the data rows, and a message row's text. */
interface TableView {
  busy: boolean;
  rows: RowView[];
  note: { text: string; alert: boolean; retry: boolean } | null;
}

function readTable(): TableView {
  // An open modal hides the rest of the page from assistive technology, not from this read.
  const body = screen.getByRole('table', { name: 'Tokens', hidden: true }).querySelector('tbody')!;
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
}

/** The row's state-changing button: Revoke, Restore, or Undo while its revoke may be undone. */
function toggleLabel(row: ApiToken, snapshot: TokensSnapshot): string {
  if (!row.revoked) return `Revoke token #${row.id}`;
  const undoable = snapshot.matches({ undo: 'offered' }) && snapshot.context.undoId === row.id;
  return undoable ? `Undo revoke of token #${row.id}` : `Restore token #${row.id}`;
}

/**
 * What the table shows in `snapshot`: while loading, the rows of the last answer under a skeleton;
 * once loaded, the rows or 'No tokens found.'; after a failure, only the failure.
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
  const rows = tokens.map((row) => {
    const busy = pending.includes(row.id);
    const disabled = busy ? ' (disabled)' : '';
    return {
      id: `#${row.id}`,
      name: row.name ?? 'No name',
      status: row.revoked ? 'Revoked' : 'Active',
      busy,
      actions: [`Rename token #${row.id}${disabled}`, `${toggleLabel(row, snapshot)}${disabled}`],
    };
  });
  const empty = !loading && tokens.length === 0;
  return {
    busy: loading,
    rows,
    note: empty ? { text: 'No tokens found.', alert: false, retry: false } : null,
  };
}

/** The titles of the open dialogs, sorted. */
function openDialogs(): string[] {
  return [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')]
    .map((dialog) => dialog.querySelector('[data-part="title"]')?.textContent ?? '')
    .sort();
}

/** The titles of the dialogs `snapshot` has open: the name form or the revoke question, and Full Token. */
function expectedDialogs({ context, value }: TokensSnapshot): string[] {
  const { dialog } = value as { dialog: string };
  const titles: string[] = [];
  if (dialog === 'naming' || dialog === 'adding' || dialog === 'renaming') {
    titles.push(context.draft.tokenId === null ? 'Add token' : `Rename token #${context.draft.tokenId}`);
  }
  if (dialog === 'confirming') titles.push(`Revoke token #${context.confirmingId}?`);
  if (dialog === 'issued') titles.push('Save your new token');
  if (context.viewingId !== null) titles.push('Full Token');
  return titles.sort();
}

/** The name form: what is typed, the contract's message once touched, disabled while saving. */
function readNameForm() {
  const dialog = screen.getByRole('dialog');
  const field = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Name (optional)' });
  const submit = dialog.querySelector<HTMLButtonElement>('button[type="submit"]');
  return {
    value: field.value,
    editable: !field.disabled,
    invalid: field.getAttribute('aria-invalid') === 'true',
    error: dialog.querySelector('[data-part="error-text"]')?.textContent ?? null,
    canSubmit: submit !== null && !submit.disabled,
  };
}

function expectedNameForm(snapshot: TokensSnapshot, saving: boolean) {
  const { draft } = snapshot.context;
  const error = draft.touched ? draft.error : null;
  return { value: draft.name, editable: !saving, invalid: error !== null, error, canSubmit: !saving };
}

/** The table and the dialogs are what `snapshot` says. */
function expectPanel(snapshot: TokensSnapshot): void {
  expect(readTable()).toEqual(expectedTable(snapshot));
  expect(openDialogs()).toEqual(expectedDialogs(snapshot));
}

const undoButtons = () => screen.queryAllByRole('button', { name: /^Undo revoke/, hidden: true });
const LOADED: Calls = { load: TOKENS };
const dialogIn =
  (dialog: 'closed' | 'naming' | 'confirming' | 'adding' | 'renaming' | 'issued') =>
  (snapshot: TokensSnapshot) =>
    snapshot.matches({ dialog });

describeScreenStates(tokensMachine, {
  'tokens.list.loading': async () => {
    const { actor } = await panelAfter({}, [], (s) => s.matches({ list: 'loading' }));
    expectPanel(actor.getSnapshot());
    expect(readTable().busy).toBe(true);
  },
  'tokens.list.loaded': async () => {
    const { actor } = await panelAfter(LOADED, [], (s) => s.matches({ list: 'loaded' }));
    expectPanel(actor.getSnapshot());
    expect(readTable().rows.map((row) => `${row.id} ${row.name} ${row.status}`)).toEqual([
      '#1 Shop Active',
      '#2 No name Revoked',
    ]);
    // Issue 30: a token is listed by its prefix only.
    expect(screen.getAllByLabelText(/^Token #\d+ begins/).map((code) => code.textContent)).toEqual([
      'pf_live_x1…',
      'pf_live_x2…',
    ]);
  },
  'tokens.list.failed': async () => {
    const { actor } = await panelAfter({ load: FAILURE }, [], (s) => s.matches({ list: 'failed' }));
    expectPanel(actor.getSnapshot());
    expect(readTable().note?.text).toBe('Failed to load tokens: Internal Server Error');
  },
  'tokens.dialog.closed': async () => {
    const { actor } = await panelAfter(LOADED, [], dialogIn('closed'));
    expect(openDialogs()).toEqual([]);
    expectPanel(actor.getSnapshot());
  },
  'tokens.dialog.naming': async () => {
    const { actor } = await panelAfter(
      LOADED,
      [
        { type: 'tokens.rename', tokenId: 1 },
        { type: 'tokens.nameChanged', name: 'x'.repeat(101) },
        { type: 'tokens.submitName' },
      ],
      dialogIn('naming'),
    );
    expectPanel(actor.getSnapshot());
    expect(readNameForm()).toEqual(expectedNameForm(actor.getSnapshot(), false));
    expect(readNameForm().error).not.toBeNull();
  },
  'tokens.dialog.adding': async () => {
    const { actor } = await panelAfter(
      LOADED,
      [
        { type: 'tokens.add' },
        { type: 'tokens.nameChanged', name: 'Feed bot' },
        { type: 'tokens.submitName' },
      ],
      dialogIn('adding'),
    );
    expectPanel(actor.getSnapshot());
    expect(readNameForm()).toEqual(expectedNameForm(actor.getSnapshot(), true));
  },
  'tokens.dialog.renaming': async () => {
    const { actor } = await panelAfter(
      LOADED,
      [{ type: 'tokens.rename', tokenId: 1 }, { type: 'tokens.submitName' }],
      dialogIn('renaming'),
    );
    expectPanel(actor.getSnapshot());
    expect(readNameForm()).toEqual(expectedNameForm(actor.getSnapshot(), true));
  },
  'tokens.dialog.confirming': async () => {
    const { actor } = await panelAfter(
      LOADED,
      [{ type: 'tokens.revoke', tokenId: 1 }],
      dialogIn('confirming'),
    );
    expectPanel(actor.getSnapshot());
    const question = screen.getByRole('alertdialog');
    // Where the focus lands (Cancel) needs a browser's layout: tests/e2e/tokens.spec.ts.
    expect(question.textContent).toContain('Feed pulls with token #1 “Shop”');
  },
  'tokens.dialog.issued': async () => {
    const whole = `pf_live_x3${'s'.repeat(39)}`;
    const { actor, sent } = await panelAfter(
      { ...LOADED, add: { message: 'Added new token successfully', token: { ...token(3), token: whole } } },
      [{ type: 'tokens.add' }, { type: 'tokens.submitName' }],
      dialogIn('issued'),
    );
    expectPanel(actor.getSnapshot());
    const dialog = screen.getByRole('dialog', { name: 'Save your new token' });
    expect(within(dialog).getByTestId('secret-once').textContent).toBe(whole);
    // The id the machine focuses (issue 30); copying itself is the browser's (tests/e2e/tokens.spec.ts).
    expect(within(dialog).getByRole('button', { name: 'Copy token #3' }).id).toBe('token-secret-copy');
    sent.length = 0;
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have saved it' }));
    expect(sent).toEqual([{ type: 'tokens.saved' }]);
  },
  'tokens.undo.idle': async () => {
    await panelAfter(LOADED, [], (s) => s.matches({ undo: 'idle' }));
    expect(undoButtons()).toEqual([]);
  },
  'tokens.undo.offered': async () => {
    const { actor } = await panelAfter(
      { ...LOADED, revoke: 'answer' },
      [{ type: 'tokens.revoke', tokenId: 1 }, { type: 'tokens.confirmRevoke' }],
      (s) => s.matches({ undo: 'offered' }),
    );
    expectPanel(actor.getSnapshot());
    expect(undoButtons().map((button) => button.getAttribute('aria-label'))).toEqual([
      'Undo revoke of token #1',
    ]);
  },
});

describe('TokensPanel', () => {
  it('disables the buttons of a row whose request is in flight', async () => {
    const { actor } = await panelAfter(
      { ...LOADED, revoke: 'hold' },
      [{ type: 'tokens.restore', tokenId: 2 }],
      (s) => s.context.pending.length > 0,
    );
    expectPanel(actor.getSnapshot());
    expect(readTable().rows[1]).toMatchObject({
      busy: true,
      actions: ['Rename token #2 (disabled)', 'Restore token #2 (disabled)'],
    });
  });

  it('says so when the user has no token', async () => {
    const { actor } = await panelAfter({ load: [] }, [], (s) => s.matches({ list: 'loaded' }));
    expectPanel(actor.getSnapshot());
    expect(readTable().note).toEqual({ text: 'No tokens found.', alert: false, retry: false });
  });

  it('Full Token shows the prefix and says the whole token was shown once (issue 30)', async () => {
    const { actor } = await panelAfter(
      LOADED,
      [{ type: 'tokens.view', tokenId: 2 }],
      (s) => s.context.viewingId === 2,
    );
    expectPanel(actor.getSnapshot());
    const modal = screen.getByRole('dialog', { name: 'Full Token' });
    expect(within(modal).getByTestId('full-token').textContent).toBe('pf_live_x2…');
    expect(modal.textContent).toContain('The whole token was shown once, when it was made');
  });

  it("each row's revoke button has the id the machine focuses after its request settles", async () => {
    await panelAfter(LOADED, [], dialogIn('closed'));
    expect(screen.getByRole('button', { name: 'Revoke token #1' }).id).toBe('token-1-toggle');
    expect(screen.getByRole('button', { name: 'Restore token #2' }).id).toBe('token-2-toggle');
  });
});

describe('TokensPanel gestures', () => {
  it('sends the list’s, the rows’ and the dialogs’ events', async () => {
    const { sent } = await panelAfter({ ...LOADED, revoke: 'answer' }, [], dialogIn('closed'));
    /** Clicks the button named `name` (in `scope`), and lets the dialogs open or close. */
    const click = async (name: string, scope: HTMLElement = document.body) => {
      await act(async () => {
        fireEvent.click(within(scope).getByRole('button', { name }));
        await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      });
    };
    await click('Add Token');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name (optional)' }), { target: { value: 'Bot' } });
    await click('Cancel', screen.getByRole('dialog'));
    await click('Revoke token #1');
    await click('Cancel', screen.getByRole('alertdialog'));
    await click('Revoke token #1');
    await click('Revoke', screen.getByRole('alertdialog'));
    await click('Restore token #2');
    await click('View token #1');
    await click('Close', screen.getByRole('dialog', { name: 'Full Token' }));
    await click('Rename token #1');
    await act(async () => {
      fireEvent.submit(screen.getByRole('dialog').querySelector('form')!);
    });
    expect(sent).toEqual([
      { type: 'tokens.add' },
      { type: 'tokens.nameChanged', name: 'Bot' },
      { type: 'tokens.cancelName' },
      { type: 'tokens.revoke', tokenId: 1 },
      { type: 'tokens.cancelRevoke' },
      { type: 'tokens.revoke', tokenId: 1 },
      { type: 'tokens.confirmRevoke' },
      { type: 'tokens.restore', tokenId: 2 },
      { type: 'tokens.view', tokenId: 1 },
      { type: 'tokens.closeView' },
      { type: 'tokens.rename', tokenId: 1 },
      { type: 'tokens.submitName' },
    ]);
  });

  it('sends tokens.reload from a failed list’s Retry', async () => {
    const { sent } = await panelAfter({ load: FAILURE }, [], (s) => s.matches({ list: 'failed' }));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(sent).toEqual([{ type: 'tokens.reload' }]);
  });
});
