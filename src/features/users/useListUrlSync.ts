/**
 * A list statechart whose query lives in the URL (issue 3 "List state lives in the URL", issue 14):
 * starts the list on the current URL's query with `urlSync`, so the machine itself moves the URL
 * (`uiNavigate`, carried out by the root handler) and follows every other move of the URL (links,
 * back/forward) through the root's location subscription. Nothing here listens to
 * the actor or sends it anything. Reusable by any list built with `createListMachine`.
 */
import { useLocation } from 'react-router-dom';
import type { ListFilters, ListMachine } from '@/machines/list.machine';
import { readListQuery } from '@/machines/list.machine';
import { useScreenActor } from '@/routes/screen-actor';
import { useLocationSubscription } from '@/routes/ui-effects';

/**
 * Creates the list actor for `machine`, started on the URL's query and kept in step with the URL;
 * returns the actor ref. `defaults` are the filters an empty URL stands for (left out of the URL);
 * `regionId` is the element id of the list's table region, focused (and so scrolled to) on a page
 * change.
 */
export function useListUrlSync<F extends ListFilters, T>(
  machine: ListMachine<F, T>,
  defaults: F,
  options: { regionId?: string } = {},
) {
  const { search } = useLocation();
  const subscribe = useLocationSubscription();
  return useScreenActor(machine, {
    input: {
      ...readListQuery(search, defaults),
      urlSync: { defaults, subscribe },
      ...(options.regionId === undefined ? {} : { regionId: options.regionId }),
    },
  });
}
