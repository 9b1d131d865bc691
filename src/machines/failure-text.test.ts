import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_FAILURE_MESSAGE } from '@/api/client';
import { httpFailure, networkFailure } from '@test-support/api-errors';
import { failureReason, failureText } from './failure-text';

describe('failureText', () => {
  it("adds the server's message to the spec's text", () => {
    const error = httpFailure(400, 'You cannot deactivate your own account');
    expect(failureText('Failed to update info', error)).toBe(
      'Failed to update info: You cannot deactivate your own account',
    );
  });

  it("drops the spec text's own full stop or exclamation mark before the colon", () => {
    const error = networkFailure();
    expect(failureText('Avatar upload failed!', error)).toBe(
      `Avatar upload failed: ${NETWORK_FAILURE_MESSAGE}`,
    );
    expect(failureText('Failed to logout.', error)).toBe(`Failed to logout: ${NETWORK_FAILURE_MESSAGE}`);
  });

  it('keeps the spec text alone when there is no reason, or the reason repeats it', () => {
    expect(failureText('Failed to logout.', new Error('boom'))).toBe('Failed to logout.');
    const same = httpFailure(500, 'Failed to logout');
    expect(failureText('Failed to logout.', same)).toBe('Failed to logout.');
  });

  it('reads no reason from blank messages or non-API errors', () => {
    expect(failureReason(new ApiError('  ', { kind: 'http', serverMessage: ' ' }))).toBeNull();
    expect(failureReason('text')).toBeNull();
  });
});
