// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination } from './Pagination';
import { appSystem } from './system';

function renderPagination(currentPage: number, totalPages: number) {
  const onPageChange = vi.fn();
  render(
    <ChakraProvider value={appSystem()}>
      <Pagination currentPage={currentPage} totalPages={totalPages} onPageChange={onPageChange} />
    </ChakraProvider>,
  );
  return { onPageChange };
}

afterEach(cleanup);

describe('Pagination', () => {
  it('renders nothing for one page or none', () => {
    renderPagination(1, 1);
    expect(screen.queryByRole('navigation')).toBeNull();
    cleanup();
    renderPagination(1, 0);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows Previous, the page items and Next, with the current page marked', () => {
    renderPagination(6, 50);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const texts = [...nav.querySelectorAll('li')].map((item) => item.textContent);
    expect(texts).toEqual(['Previous', '1', '…', '4', '5', '6', '7', '8', '…', '50', 'Next']);
    expect(screen.getByRole('button', { name: 'Page 6' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Page 5' }).hasAttribute('aria-current')).toBe(false);
  });

  it('reports a page change as { page } for page buttons, Previous and Next', () => {
    const { onPageChange } = renderPagination(6, 50);
    fireEvent.click(screen.getByRole('button', { name: 'Page 50' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange.mock.calls).toEqual([[{ page: 50 }], [{ page: 5 }], [{ page: 7 }]]);
  });

  it('does not report the current page', () => {
    const { onPageChange } = renderPagination(3, 7);
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('disables Previous on the first page and Next on the last', () => {
    renderPagination(1, 8);
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false);
    cleanup();
    renderPagination(8, 8);
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });

  it('is keyboard-usable: every control is a native button in the tab order, ellipses are not', () => {
    renderPagination(25, 50);
    const nav = screen.getByRole('navigation');
    for (const button of within(nav).getAllByRole('button')) {
      expect(button.tagName).toBe('BUTTON');
      expect(button.getAttribute('tabindex')).not.toBe('-1');
    }
    const buttons = within(nav).getAllByRole('button');
    buttons[1]!.focus();
    expect(document.activeElement).toBe(buttons[1]);
    for (const ellipsis of within(nav).getAllByText('…')) {
      expect(ellipsis.getAttribute('aria-hidden')).toBe('true');
    }
  });
});
