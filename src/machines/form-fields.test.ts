import { describe, expect, it } from 'vitest';
import { fieldElementId, fieldView } from './form-fields';
import type { FieldView } from './form-fields';

describe('fieldView (spec §4 "Form field states")', () => {
  // Untouched is neutral whatever the check says; touched shows the check: valid, or the message.
  it.each<[boolean | undefined, string | null | undefined, FieldView]>([
    [undefined, undefined, { state: 'neutral', error: null }],
    [false, null, { state: 'neutral', error: null }],
    [false, 'Required', { state: 'neutral', error: null }],
    [true, null, { state: 'valid', error: null }],
    [true, undefined, { state: 'valid', error: null }],
    [true, 'Required', { state: 'error', error: 'Required' }],
    [true, '', { state: 'error', error: '' }],
  ])('touched %j, error %j → %j', (touched, error, view) => {
    expect(fieldView(touched, error)).toEqual(view);
  });
});

describe('fieldElementId', () => {
  it("is the form's name and the field's, so the input and the focus effect agree", () => {
    expect(fieldElementId('login', 'email')).toBe('login-email');
  });
});
