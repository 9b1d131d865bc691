/**
 * The spec's form field states (spec §4 "Form field states"), one type for every form: a field is
 * neutral until it has been touched (changed and left, or the form submitted), then valid or in error.
 * Form machines keep `values`, `touched` and `errors` in their context and derive each field's view
 * with {@link fieldView}; `src/ui/FormField.tsx` draws it.
 */

/** neutral = untouched; valid = touched and passing; error = touched and failing (message in red). */
export type FieldState = 'neutral' | 'valid' | 'error';

/** What the screen draws for one field: its state and, in state 'error', the message. */
export interface FieldView {
  state: FieldState;
  error: string | null;
}

/**
 * The view of one field from whether it was touched and its current error (undefined or null when it
 * passes): untouched → neutral whatever the value; touched → valid, or error with the message.
 */
export function fieldView(touched: boolean | undefined, error: string | null | undefined): FieldView {
  if (!touched) return { state: 'neutral', error: null };
  return typeof error === 'string' ? { state: 'error', error } : { state: 'valid', error: null };
}

/** The DOM id of a form's field, shared by the input and the machine's focus effect (`uiFocus`). */
export function fieldElementId(form: string, field: string): string {
  return `${form}-${field}`;
}
