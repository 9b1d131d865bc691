/**
 * Glue between a list statechart and the URL (issue 3 "List state lives in the URL"): starts the list
 * on the query of the current URL, sends `list.urlChanged` when the URL's search changes (back/forward,
 * a pasted link) and navigates when the list reports `list.urlChange`. Reusable by any list built
 * with `createListMachine`.
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { withInspection } from '@/machines/inspector';
import type { ListFilters, ListMachine } from '@/machines/list.machine';
import { readListQuery, writeListQuery } from '@/machines/list.machine';

/**
 * Creates the list actor for `machine` and keeps it and the URL in step; returns the actor ref.
 * `defaults` are the filters an empty URL stands for (they are left out of the URL).
 */
export function useListUrlSync<F extends ListFilters, T>(machine: ListMachine<F, T>, defaults: F) {
  const location = useLocation();
  const navigate = useNavigate();
  const defaultsRef = useRef(defaults);
  const actorRef = useActorRef(machine, withInspection({ input: readListQuery(location.search, defaults) }));

  useEffect(() => {
    actorRef.send({ type: 'list.urlChanged', ...readListQuery(location.search, defaultsRef.current) });
  }, [actorRef, location.search]);

  useEffect(() => {
    const subscription = actorRef.on('list.urlChange', (event) => {
      navigate({ search: writeListQuery(event, defaultsRef.current) });
    });
    return () => subscription.unsubscribe();
  }, [actorRef, navigate]);

  return actorRef;
}
