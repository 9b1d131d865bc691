/**
 * Issue 14: a machine asks the screen for a toast, a navigation or a focus change only through the
 * shared vocabulary (`src/machines/ui-effects.ts`), which one root handler carries out. This runs every
 * generated path of every machine, collects what each step emitted, and fails on an event that looks
 * like a toast or a navigation but is not a well-formed `ui.*` effect, or on any emitted event that is
 * neither in the vocabulary nor in the reviewed list of widget events below.
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { isUiEffect } from '@/machines/ui-effects';
import { paths } from '@/routes/paths';
import { findMachines } from '../../scripts/stately/machines';
import { generatePaths, runPath } from './harness';
import { isUnderTest, models } from './models';

/**
 * Emitted events that are not requests to the screen, by machine: each says why it stays its own.
 * Everything else a machine emits must be a `ui.*` effect.
 */
const WIDGET_EVENTS: Readonly<Record<string, readonly string[]>> = {
  // embla-carousel, not the app, moves the slides: the carousel tells its embla instance where to go.
  carousel: ['scrollTo'],
};

/** Event types that name a toast, a navigation or a focus change without being the vocabulary's. */
const LOOKS_LIKE_AN_EFFECT = /toast|notif|navigat|redirect|focus|url/i;

/** Every fixed path of the app, and the edit paths' shape, for checking `ui.navigate` targets. */
const FIXED_PATHS = new Set(
  Object.values(paths as Record<string, unknown>).filter((path): path is string => typeof path === 'string'),
);
const EDIT_PATH = /^\/dashboard\/(users|feeds)\/\d+\/edit$/;

/** Why `event` is not an acceptable emission of machine `name`, or null when it is. */
function problemWith(name: string, event: AnyEventObject): string | null {
  if (isUiEffect(event)) {
    switch (event.type) {
      case 'ui.toast':
        return event.message.trim() === '' || !['success', 'error'].includes(event.tone)
          ? `${name}: toast without a message or with tone ${String(event.tone)}`
          : null;
      case 'ui.navigate':
        return FIXED_PATHS.has(event.to) || EDIT_PATH.test(event.to) || event.to.startsWith('?')
          ? null
          : `${name}: navigates to ${event.to}, which is not in src/routes/paths.ts`;
      case 'ui.focus':
        return event.elementId === '' ? `${name}: focus without an element id` : null;
    }
  }
  if (LOOKS_LIKE_AN_EFFECT.test(event.type)) {
    return `${name}: emits '${event.type}', a toast/navigation/focus outside src/machines/ui-effects.ts`;
  }
  return (WIDGET_EVENTS[name] ?? []).includes(event.type)
    ? null
    : `${name}: emits '${event.type}', which is neither a ui.* effect nor a reviewed widget event`;
}

describe('machine effects use the shared vocabulary', () => {
  const machines = findMachines().filter((found) => models.has(found.name) && isUnderTest(found));

  it.each(machines.map((found) => [found.name] as const))('%s', async (name) => {
    const model = models.get(name)!;
    const emitted: AnyEventObject[] = [];
    const recording = {
      ...model,
      check: (step: Parameters<typeof model.check>[0]) => {
        emitted.push(...step.emitted);
        model.check(step);
      },
    };
    for (const path of generatePaths(model)) await runPath(recording, path);
    const problems = emitted.map((event) => problemWith(name, event)).filter((problem) => problem !== null);
    expect([...new Set(problems)]).toEqual([]);
  });

  it('flags a machine that toasts or navigates in its own event shape', () => {
    expect(problemWith('any', { type: 'notify', tone: 'error', message: 'x' })).not.toBeNull();
    expect(problemWith('any', { type: 'redirect', to: '/' })).not.toBeNull();
    expect(problemWith('any', { type: 'ui.navigate', to: '/nowhere', replace: false })).not.toBeNull();
    expect(problemWith('any', { type: 'ui.toast', tone: 'success', message: 'Saved' })).toBeNull();
  });
});
