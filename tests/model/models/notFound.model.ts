/** Model of notFoundMachine (spec §2 Top level, §9 "404 redirect 5 seconds"): no context to keep. */
import { expect } from 'vitest';
import { notFoundMachine } from '@/machines/notFound.machine';
import { uiNavigate } from '@/machines/ui-effects';
import { defineModel } from '../harness';

/** Spec §2 "redirects to /", copied rather than imported from the machine (issue 17). */
const HOME = '/';

export default defineModel({
  machine: notFoundMachine,
  events: { 'notFound.goHome': [{ type: 'notFound.goHome' }] },
  outcomes: {},
  serialize: (snapshot) => snapshot.value,
  check: ({ before, after, emitted }) => {
    if (before === null) {
      expect(after.value).toBe('counting');
      expect(emitted).toEqual([]);
    } else if (before.matches('counting')) {
      // Both the 5-second delay and the button end the countdown with one redirect home, replacing the
      // dead URL.
      expect(after.value).toBe('redirecting');
      expect(after.status).toBe('done');
      expect(emitted).toEqual([uiNavigate(HOME, { replace: true })]);
    }
  },
});
