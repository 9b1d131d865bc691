import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/client';
import { failureReason, failureText } from './failure-text';

describe('failureText', () => {
  it("adds the server's message to the spec's text", () => {
    const error = new ApiError('x', {
      kind: 'http',
      status: 400,
      serverMessage: 'You cannot deactivate your own account',
    });
    expect(failureText('Failed to update info', error)).toBe(
      'Failed to update info: You cannot deactivate your own account',
    );
  });

  it("drops the spec text's own full stop or exclamation mark before the colon", () => {
    const error = new ApiError('Could not reach the server', { kind: 'network' });
    expect(failureText('Avatar upload failed!', error)).toBe(
      'Avatar upload failed: Could not reach the server',
    );
    expect(failureText('Failed to logout.', error)).toBe('Failed to logout: Could not reach the server');
  });

  it('keeps the spec text alone when there is no reason, or the reason repeats it', () => {
    expect(failureText('Failed to logout.', new Error('boom'))).toBe('Failed to logout.');
    const same = new ApiError('x', { kind: 'http', status: 500, serverMessage: 'Failed to logout' });
    expect(failureText('Failed to logout.', same)).toBe('Failed to logout.');
  });

  it('reads no reason from blank messages or non-API errors', () => {
    expect(failureReason(new ApiError('  ', { kind: 'http', serverMessage: ' ' }))).toBeNull();
    expect(failureReason('text')).toBeNull();
  });
});
