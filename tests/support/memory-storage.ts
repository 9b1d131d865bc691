/**
 * A Map-backed Web Storage for tests of modules that keep state in localStorage or sessionStorage
 * (issue 28: one copy instead of one per test file).
 */

/**
 * A `Storage` held in `items`; `setItem` throws the browsers' QuotaExceededError for a value longer
 * than `quota` characters (no limit by default).
 */
export function memoryStorage(quota = Number.POSITIVE_INFINITY): Storage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => {
      const text = String(value);
      if (text.length > quota) throw new DOMException('quota exceeded', 'QuotaExceededError');
      items.set(key, text);
    },
  };
}
