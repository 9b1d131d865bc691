/**
 * The one way a form element hands its submit to a form machine (issue 14: every form follows one
 * pattern). Spread {@link formSubmitProps} on `<form>`: the browser's own validation is off (the machine
 * validates, spec §4), a submit only sends the machine its submit event, and Enter in a text field
 * submits even while the submit button is disabled until the form is valid (spec §5) — the browser's
 * implicit submission skips a form whose default button is disabled, which would leave Enter silent
 * instead of showing every field's error and focusing the first.
 */
import type { FormEvent, KeyboardEvent } from 'react';

/** Inputs where Enter means "submit" (not checkboxes, radios or buttons, where it toggles or clicks). */
const TEXT_INPUT_TYPES = new Set(['text', 'email', 'password', 'search', 'tel', 'url', 'number']);

/** Props for `<form>`: `noValidate`, `onSubmit` and `onKeyDown`, both calling `submit` once. */
export function formSubmitProps(submit: () => void) {
  return {
    noValidate: true,
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      submit();
    },
    onKeyDown: (event: KeyboardEvent<HTMLFormElement>) => {
      const target = event.target;
      if (
        event.key !== 'Enter' ||
        !(target instanceof HTMLInputElement) ||
        !TEXT_INPUT_TYPES.has(target.type)
      ) {
        return;
      }
      event.preventDefault();
      submit();
    },
  };
}
