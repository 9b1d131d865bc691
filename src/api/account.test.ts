import { describe, expect, it } from 'vitest';
import { aUser } from '@test-support/builders';
import { clientAnswering, jsonResponse } from '@test-support/fake-fetch';
import { ProfileUser } from './schemas/auth';

describe('request with formData', () => {
  it('sends a multipart body with the bearer token and no JSON content type', async () => {
    const { request, requests: seen } = clientAnswering(() => jsonResponse(aUser()));
    const formData = new FormData();
    formData.append('file', new Blob(['abc'], { type: 'image/png' }), 'a.png');
    await request(ProfileUser, 'put', 'account/upload/avatar', { formData, token: 'access-1' });
    const sent = seen[0];
    expect(sent?.method).toBe('PUT');
    expect(sent?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(sent?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    const received = await sent?.formData();
    expect(received?.get('file')).toBeInstanceOf(Blob);
  });
});
