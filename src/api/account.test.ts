import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { ProfileUser } from './schemas/auth';

describe('request with formData', () => {
  it('sends a multipart body with the bearer token and no JSON content type', async () => {
    const seen: Request[] = [];
    const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Request(input, init));
      return new Response(
        JSON.stringify({
          id: 1,
          user_type_id: 1,
          first_name: 'A',
          last_name: 'B',
          email: 'a@b.c',
          avatar: null,
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    });
    const { request } = createApiClient({ prefixUrl: 'http://api.test/api/backoffice', fetch: fetchStub });
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
