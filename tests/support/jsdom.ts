/** What jsdom lacks that the screens' libraries use, as stand-ins for component tests. */

/** jsdom has no ResizeObserver; Chakra's menus observe their trigger's size. Observes nothing. */
export class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
