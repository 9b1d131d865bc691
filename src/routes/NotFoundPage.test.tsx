// @vitest-environment jsdom
/**
 * The not-found screen (spec §2 Top level: "The not-found page reads 'Oops! The page you're looking
 * for doesn't exist.', has a Go Home button and redirects to / after 5 seconds") in each state of
 * notFoundMachine: while counting, the spec's text, the countdown and Go Home on the dead address;
 * once redirecting, the visitor is home. The countdown's 5000 ms and the history entry the redirect
 * replaces are the machine's and the effect handler's (notFound.machine.test.ts, ui-effects.test.tsx);
 * the router's own tests open it at unknown addresses (router.test.tsx).
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { NOT_FOUND_REDIRECT_MS, notFoundMachine } from '@/machines/notFound.machine';
import { describeScreenStates, givenActor, renderScreen } from '@test-support/screen';
import { NotFoundScreen } from './NotFoundPage';

vi.mock('@/routes/screen-actor', async (original) =>
  (await import('@test-support/given-actors')).screenActorWithGiven(await original()),
);

/** Spec §2 Top level, copied rather than imported from the screen (issue 17). */
const NOT_FOUND_TEXT = "Oops! The page you're looking for doesn't exist.";
const DEAD_URL = '/no/such/page';

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describeScreenStates(notFoundMachine, {
  'notFound.counting': async () => {
    const { actor, sent } = givenActor(notFoundMachine);
    renderScreen(<NotFoundScreen />, { url: DEAD_URL });
    const main = screen.getByRole('main');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(NOT_FOUND_TEXT);
    expect(main.textContent).toContain('404');
    expect(main.textContent).toContain('You will be taken to the home page in 5 seconds.');
    expect(location()).toBe(DEAD_URL);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOT_FOUND_REDIRECT_MS - 1);
    });
    expect(actor.getSnapshot().value).toBe('counting');
    expect(location(), 'still on the dead address').toBe(DEAD_URL);

    fireEvent.click(screen.getByRole('button', { name: 'Go Home' }));
    expect(sent).toEqual([{ type: 'notFound.goHome' }]);
  },
  'notFound.redirecting': async () => {
    const { actor } = givenActor(notFoundMachine);
    renderScreen(<NotFoundScreen />, { url: DEAD_URL });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOT_FOUND_REDIRECT_MS);
    });
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(location(), 'home').toBe('/');
  },
});
