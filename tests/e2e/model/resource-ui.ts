/**
 * The browser replay of a dashboard widget that loads once (resource.machine.ts; models built by
 * tests/model/resource-model.ts), shared by the three widgets' specs. The admin is signed in through
 * the API and opens /dashboard with the widget's GET call held until the path's step answers it:
 * - the load's done outcome → the model's data as the contract's JSON;
 * - its error outcome → the fixture's status and message (answerForError);
 * - `resource.reload` → the failed widget's Retry button.
 * `loading` shows the widget's pulsing placeholders (busy, with its label) and no error box;
 * `loaded` what the widget's spec says of the data (`expectLoaded`, written out from the rules, not
 * taken from the app's formatting) and asks nothing again; `failed` the red box with the spec's text
 * and the server's reason (issue 15) and a Retry button.
 */
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { ApiError } from '@/api/client';
import type { ResourceMachine } from '@/machines/resource.machine';
import type { MachineModel } from '../../model/harness';
import { signInAsAdmin } from './admin-session';
import { answerForError } from './ui-model';
import type { UiModel } from './ui-model';

/** What a widget's spec gives the shared replay. */
export interface ResourceWidget<T> {
  model: MachineModel<ResourceMachine<T>>;
  /** The widget's GET call, as a Playwright URL glob. */
  url: string;
  /** The widget's heading. */
  title: string;
  /** How its placeholders are announced. */
  loadingLabel: string;
  /** The spec's (or the issue's) text of its failure, before the reason. */
  failedText: string;
  /** Asserts what the widget shows of `data`. */
  expectLoaded: (widget: Locator, data: T) => Promise<void>;
}

/** The card or panel titled `title`. */
function widgetOf(page: Page, title: string): Locator {
  return page
    .locator('.chakra-card__root')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/** Issue 15: the spec's text, then the reason the server gave. */
function failureTextOf(lead: string, error: unknown): string {
  const reason = error instanceof ApiError ? (error.serverMessage ?? error.message) : null;
  return reason === null ? lead : `${lead.replace(/[.!]+$/, '')}: ${reason}`;
}

/** The UI model of `widget`; see the module comment. */
export function resourceUi<T>(widget: ResourceWidget<T>): UiModel<ResourceMachine<T>> {
  const { id } = widget.model.machine;
  const call = id;
  return {
    model: widget.model,
    start: async ({ page, held }) => {
      await signInAsAdmin(page);
      await held.hold(call, widget.url, 'GET');
      await page.goto('/dashboard');
    },
    events: {
      [`xstate.done.actor.0.${id}.loading`]: async ({ held }, event) => {
        await held.answer(call, { json: (event as { output: unknown }).output });
      },
      [`xstate.error.actor.0.${id}.loading`]: async ({ held }, event) => {
        await held.answer(call, answerForError((event as { error: unknown }).error));
      },
      'resource.reload': async ({ page }) => {
        await widgetOf(page, widget.title).getByRole('button', { name: 'Retry' }).click();
      },
    },
    states: {
      [`${id}.loading`]: async ({ page, held }) => {
        const card = widgetOf(page, widget.title);
        await expect(card.getByRole('status', { name: widget.loadingLabel })).toHaveAttribute(
          'aria-busy',
          'true',
        );
        await expect(card.getByRole('alert')).toHaveCount(0);
        expect(held.count(call), 'one request at a time').toBe(1);
      },
      [`${id}.loaded`]: async ({ page, held }, { context }) => {
        const card = widgetOf(page, widget.title);
        if (context.data === null) throw new Error('the model is loaded without data');
        await expect(card.getByRole('status', { name: widget.loadingLabel })).toHaveCount(0);
        await expect(card.getByRole('alert')).toHaveCount(0);
        await widget.expectLoaded(card, context.data);
        expect(held.count(call), 'loaded once: nothing asks again').toBe(0);
      },
      [`${id}.failed`]: async ({ page }, { context }) => {
        const card = widgetOf(page, widget.title);
        const alert = card.getByRole('alert');
        await expect(alert).toHaveCount(1);
        await expect(
          alert.getByText(failureTextOf(widget.failedText, context.error), { exact: true }),
        ).toBeVisible();
        await expect(card.getByRole('button', { name: 'Retry' })).toBeEnabled();
        await expect(card.getByRole('status', { name: widget.loadingLabel })).toHaveCount(0);
      },
    },
  };
}
