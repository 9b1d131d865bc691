// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formSubmitProps } from './form-submit';

function renderForm() {
  const submit = vi.fn();
  render(
    <form {...formSubmitProps(submit)} aria-label="Form">
      <input aria-label="Email" type="email" />
      <input aria-label="Agree" type="checkbox" />
      <textarea aria-label="Notes" />
      <button type="submit" disabled>
        Save
      </button>
    </form>,
  );
  return submit;
}

afterEach(cleanup);

describe('formSubmitProps', () => {
  it('turns the browser validation off and sends one submit per form submit', () => {
    const submit = renderForm();
    expect(screen.getByRole('form', { name: 'Form' })).toHaveProperty('noValidate', true);
    fireEvent.submit(screen.getByRole('form', { name: 'Form' }));
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('submits on Enter in a text field even while the submit button is disabled', () => {
    const submit = renderForm();
    fireEvent.keyDown(screen.getByLabelText('Email'), { key: 'Enter' });
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('leaves Enter alone on a checkbox and in a textarea, and other keys everywhere', () => {
    const submit = renderForm();
    fireEvent.keyDown(screen.getByLabelText('Agree'), { key: 'Enter' });
    fireEvent.keyDown(screen.getByLabelText('Notes'), { key: 'Enter' });
    fireEvent.keyDown(screen.getByLabelText('Email'), { key: 'a' });
    expect(submit).not.toHaveBeenCalled();
  });
});
