// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_ROWS, useRowsInTwoSteps } from './TableRegion';

const answer = (length: number, from = 0) => Array.from({ length }, (_, index) => from + index);

/** Renders the hook over `items`, recording the rows each render drew and whether they were all. */
function recordRows(items: readonly number[]) {
  const drawn: { rows: readonly number[]; complete: boolean }[] = [];
  const hook = renderHook(
    ({ items: current }) => {
      const result = useRowsInTwoSteps(current);
      drawn.push(result);
      return result;
    },
    { initialProps: { items } },
  );
  return { drawn, hook };
}

describe('useRowsInTwoSteps', () => {
  it('draws a new answer first as its first rows, not complete, then whole', () => {
    const { drawn, hook } = recordRows([]);
    const page = answer(100);
    drawn.length = 0;
    act(() => hook.rerender({ items: page }));
    expect(drawn[0]).toEqual({ rows: page.slice(0, FIRST_ROWS), complete: false });
    expect(drawn.at(-1)).toEqual({ rows: page, complete: true });
  });

  it('replaces old rows the same way, never mixing the two answers', () => {
    const { drawn, hook } = recordRows(answer(100));
    const next = answer(100, 1000);
    drawn.length = 0;
    act(() => hook.rerender({ items: next }));
    expect(drawn.map((render) => render.rows[0])).toEqual(drawn.map(() => 1000));
    expect(drawn[0]?.rows).toHaveLength(FIRST_ROWS);
    expect(hook.result.current).toEqual({ rows: next, complete: true });
  });

  it('draws an answer of up to FIRST_ROWS rows, and the rows a screen mounts with, at once', () => {
    const { drawn, hook } = recordRows(answer(100));
    expect(drawn.every((render) => render.complete && render.rows.length === 100)).toBe(true);
    drawn.length = 0;
    const short = answer(FIRST_ROWS, 500);
    act(() => hook.rerender({ items: short }));
    expect(drawn.every((render) => render.complete && render.rows === short)).toBe(true);
  });
});
