/**
 * The one vocabulary a statechart uses to ask the screen for something it cannot do itself (issue 14):
 * show a toast, go to another URL, move focus to an element. Every machine emits these with XState's
 * `emit` and declares them in its `emitted` type; one handler at the app's root
 * (`src/routes/ui-effects.tsx`) carries them out, so no screen listens for its own event shapes.
 *
 * Events that only concern one widget's library (the carousel's `scrollTo` for embla) stay the
 * widget's own; anything a toast, a navigation or a focus change is goes through this module.
 */

/** Spec §8: success toasts stack; error toasts share one toast that updates. */
export type ToastTone = 'success' | 'error';

/**
 * Show a toast of `tone` (spec §8 Toasts): `message` is its title, the spec's text word for word;
 * `detail`, when there is one, is its body (the server's reason, or what to do next), shown beside
 * the spec's text and never inside it (issue 30).
 */
export interface ToastEffect {
  type: 'ui.toast';
  tone: ToastTone;
  message: string;
  detail?: string;
}

/**
 * Go to `to`: a path from `src/routes/paths.ts`, or a search string beginning with '?' that keeps the
 * current path (a list's query). `replace` replaces the history entry instead of pushing one.
 */
export interface NavigateEffect {
  type: 'ui.navigate';
  to: string;
  replace: boolean;
}

/** Move keyboard focus to the element with this DOM id (e.g. the first invalid field). */
export interface FocusEffect {
  type: 'ui.focus';
  elementId: string;
}

/** Everything a machine may ask of the screen. */
export type UiEffect = ToastEffect | NavigateEffect | FocusEffect;

/** The `type` of every {@link UiEffect}; a test checks machines emit no other toast or navigation. */
export const UI_EFFECT_TYPES = [
  'ui.toast',
  'ui.navigate',
  'ui.focus',
] as const satisfies readonly UiEffect['type'][];

/**
 * A toast effect: `tone` 'success' or 'error', `message` (the title) shown as written, and `detail`
 * as its body when it is a non-empty text (null or '' leaves the toast without a body).
 */
export function uiToast(tone: ToastTone, message: string, detail?: string | null): ToastEffect {
  return detail ? { type: 'ui.toast', tone, message, detail } : { type: 'ui.toast', tone, message };
}

/** A navigation effect to `to` (a path, or '?query' for the current path); pushes unless `replace`. */
export function uiNavigate(to: string, options: { replace?: boolean } = {}): NavigateEffect {
  return { type: 'ui.navigate', to, replace: options.replace ?? false };
}

/** A focus effect for the element whose id is `elementId`. */
export function uiFocus(elementId: string): FocusEffect {
  return { type: 'ui.focus', elementId };
}

/** Whether an emitted event belongs to the vocabulary (the root handler ignores all others). */
export function isUiEffect(event: { type: string }): event is UiEffect {
  return (UI_EFFECT_TYPES as readonly string[]).includes(event.type);
}
