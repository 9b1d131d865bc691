import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@test-support/memory-storage';
import { formDraftKey, sessionDraftStore } from './form-draft';

describe('sessionDraftStore', () => {
  it('keeps values per user and screen until cleared', () => {
    const store = sessionDraftStore(memoryStorage());
    const key = formDraftKey(7, '/dashboard/users/3/edit');
    expect(store.read(key)).toBeNull();
    expect(store.write(key, { first_name: 'Ann' })).toBe(true);
    expect(store.read(key)).toEqual({ first_name: 'Ann' });
    expect(store.read(formDraftKey(8, '/dashboard/users/3/edit'))).toBeNull();
    store.clear(key);
    expect(store.read(key)).toBeNull();
  });

  it('reads unreadable text as no draft, and survives a storage that throws', () => {
    const storage = memoryStorage();
    storage.setItem('k', '{not json');
    expect(sessionDraftStore(storage).read('k')).toBeNull();
    const throwing = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('quota');
      },
    } as Storage;
    expect(sessionDraftStore(throwing).write('k', 1), 'refused, without throwing').toBe(false);
  });
});
