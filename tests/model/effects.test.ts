/** Issue 14: the rule machines.test.ts applies to everything the generated paths emitted. */
import { describe, expect, it } from 'vitest';
import { problemWith } from './effects';

describe('problemWith', () => {
  it('flags a machine that toasts or navigates in its own event shape', () => {
    expect(problemWith('any', { type: 'notify', tone: 'error', message: 'x' })).not.toBeNull();
    expect(problemWith('any', { type: 'redirect', to: '/' })).not.toBeNull();
    expect(problemWith('any', { type: 'ui.navigate', to: '/nowhere', replace: false })).not.toBeNull();
    expect(problemWith('any', { type: 'ui.toast', tone: 'success', message: 'Saved' })).toBeNull();
  });
});
