// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { showErrorToast } from './Toasts';
import { requestToastContainer, ToastsOnDemand } from './ToastsOnDemand';

it('mounts no container until a toast is asked for, then shows the toast asked for before it mounted', async () => {
  const { container } = render(<ToastsOnDemand />);
  expect(container.innerHTML).toBe('');
  act(() => {
    requestToastContainer();
    showErrorToast('Failed to load users', 'Service Unavailable');
  });
  // The title is the text alone and the reason a paragraph of its own (issue 30).
  expect(await screen.findByText('Failed to load users')).toBeTruthy();
  expect(screen.getByText('Service Unavailable')).toBeTruthy();
});
