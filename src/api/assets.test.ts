import { describe, expect, it } from 'vitest';
import { uploadUrl } from './assets';

describe('uploadUrl', () => {
  it('loads uploads from the API host with the trailing /api removed', () => {
    expect(uploadUrl('/uploads/avatars/a.png', '/api')).toBe('/uploads/avatars/a.png');
    expect(uploadUrl('/uploads/avatars/a.png', 'https://api.example.com/api')).toBe(
      'https://api.example.com/uploads/avatars/a.png',
    );
    expect(uploadUrl('uploads/a.png', 'https://api.example.com/api/')).toBe(
      'https://api.example.com/uploads/a.png',
    );
  });

  it('leaves absolute URLs alone', () => {
    expect(uploadUrl('https://cdn.example.com/a.png', '/api')).toBe('https://cdn.example.com/a.png');
  });
});
