/**
 * Issue 14: a machine asks the screen for a toast, a navigation or a focus change only through the
 * shared vocabulary (`src/machines/ui-effects.ts`), which one root handler carries out. `problemWith`
 * says why an emitted event breaks that rule; tests/model/machines.test.ts applies it to everything
 * the generated paths of every machine emitted.
 */
import type { AnyEventObject } from 'xstate';
import { isUiEffect } from '@/machines/ui-effects';
import { paths } from '@/routes/paths';

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
export function problemWith(name: string, event: AnyEventObject): string | null {
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
