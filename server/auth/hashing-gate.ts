/**
 * A bound on concurrent password hashing in one process (issue 13): Argon2id costs tens of
 * milliseconds of a core and ~19 MiB per call, so a flood of logins (unknown emails included, which
 * verify against a dummy hash) would otherwise take every core from every other request. At most
 * `concurrency` hashing tasks run; beyond that a request is answered 503 with Retry-After at once.
 *
 * Who waits, and who is refused (issue 27, "Floods"): two lanes of `concurrency + queue` places
 * each (a place is taken when a task is given and kept until it ends):
 * - the priority lane, for a client that signed in to the account recently: its waiting tasks run
 *   before any anonymous one, so an unauthenticated flood cannot keep known users out;
 * - the anonymous lane, fair per client (`source`: an address, or an IPv6 /64): waiting sources take
 *   turns, the one served longest ago first, and when the lane is full a newcomer takes the newest
 *   place of the source holding the most waiting places (that request is refused instead), as long
 *   as that source holds at least two more than the newcomer. One client cannot fill the queue;
 *   many clients with one place each keep theirs.
 */
import type { HashingBound } from '../config';
import { UnavailableError } from '../domain-errors';

/** The 503 message when every hashing slot and queue place is taken. */
export const HASHING_BUSY_MESSAGE = 'The server is busy checking other passwords. Try again in a moment.';
/** Retry-After (seconds) of that 503: the queue drains within a second at the default bound. */
export const HASHING_BUSY_RETRY_AFTER_SECONDS = 1;

/** Who asks for hashing work; see the module comment. */
export interface HashingClient {
  /** The client's key (server/http/client-address.ts `clientKey`); default: one shared source. */
  source?: string;
  /** True for a client that signed in to the account recently (the priority lane). */
  priority?: boolean;
}

/** Runs hashing work under a bound; see the module comment. */
export interface HashingGate {
  /**
   * Runs `task` for `client` once a slot is free and resolves or rejects as it does.
   * @throws UnavailableError (HTTP 503) with a retry delay, without running `task`, when the
   *   client's lane has no place for it, or when its waiting place is given to a fairer claim
   */
  run<T>(task: () => Promise<T>, client?: HashingClient): Promise<T>;
  /**
   * Throws the same 503 as `run` when `client` would find no place right now, so a request can be
   * refused before it does any other work; `run` still decides, as a place may be gone by then.
   */
  assertRoom(client?: HashingClient): void;
}

function busyError(): UnavailableError {
  return new UnavailableError(HASHING_BUSY_MESSAGE, HASHING_BUSY_RETRY_AFTER_SECONDS);
}

interface Place {
  priority: boolean;
  source: string;
  /** gone: ended, or refused while waiting. */
  state: 'waiting' | 'running' | 'gone';
  start?: () => void;
  refuse?: (error: Error) => void;
}

/** An anonymous source with a place in the gate; forgotten once it has none. */
interface Source {
  /** Its waiting places, in arrival order. */
  places: Place[];
  /** How many of its tasks are running. */
  running: number;
  /** When a task of this source last started (a counter); sources not served yet go first. */
  servedAt: number;
}

/** A gate with its own slots and places; `bound.concurrency` must be at least 1. */
export function createHashingGate(bound: HashingBound): HashingGate {
  const capacity = bound.concurrency + bound.queue;
  let running = 0;
  let served = 0;
  let priorityTaken = 0;
  let anonymousTaken = 0;
  /** Waiting priority places, in arrival order. */
  const priorityPlaces: Place[] = [];
  const sources = new Map<string, Source>();

  /** The source holding the most waiting places (the first of equals). */
  function largestSource(): Source | undefined {
    let largest: Source | undefined;
    for (const source of sources.values()) {
      if (!largest || source.places.length > largest.places.length) largest = source;
    }
    return largest;
  }

  function canDisplaceFor(source: string): boolean {
    const mine = sources.get(source)?.places.length ?? 0;
    return (largestSource()?.places.length ?? 0) >= mine + 2;
  }

  function hasRoom({ source = '', priority = false }: HashingClient): boolean {
    if (priority) return priorityTaken < capacity;
    return anonymousTaken < capacity || canDisplaceFor(source);
  }

  /** Takes `place` out of its lane's waiting places. */
  function unlist(place: Place): void {
    const list = place.priority ? priorityPlaces : sources.get(place.source)?.places;
    list?.splice(list.indexOf(place), 1);
  }

  /** Gives `place` back: it stops counting against its lane. */
  function drop(place: Place): void {
    const source = place.priority ? undefined : sources.get(place.source);
    if (place.state !== 'running') unlist(place);
    else if (source) source.running--;
    if (place.priority) priorityTaken--;
    else anonymousTaken--;
    if (source && source.places.length === 0 && source.running === 0) sources.delete(place.source);
    place.state = 'gone';
  }

  /** Refuses the newest place of the largest source, to make room for a smaller one. */
  function displace(): void {
    const victim = largestSource()?.places.at(-1);
    if (!victim) return;
    drop(victim);
    victim.refuse?.(busyError());
  }

  function begin(place: Place): void {
    unlist(place);
    const source = place.priority ? undefined : sources.get(place.source);
    if (source) {
      source.running++;
      source.servedAt = ++served;
    }
    place.state = 'running';
    running++;
    place.start?.();
  }

  /** The next waiting place: priority first, then the anonymous source served longest ago. */
  function nextWaiting(): Place | undefined {
    const urgent = priorityPlaces[0];
    if (urgent) return urgent;
    let next: { place: Place; servedAt: number } | undefined;
    for (const source of sources.values()) {
      const place = source.places[0];
      if (place && (!next || source.servedAt < next.servedAt)) next = { place, servedAt: source.servedAt };
    }
    return next?.place;
  }

  function finish(place: Place): void {
    drop(place);
    running--;
    for (let next = nextWaiting(); next && running < bound.concurrency; next = nextWaiting()) begin(next);
  }

  return {
    async run(task, client = {}) {
      const { source = '', priority = false } = client;
      if (!hasRoom(client)) throw busyError();
      if (!priority && anonymousTaken >= capacity) displace();
      const place: Place = { priority, source, state: 'waiting' };
      if (priority) {
        priorityTaken++;
        priorityPlaces.push(place);
      } else {
        anonymousTaken++;
        const own = sources.get(source) ?? { places: [], running: 0, servedAt: 0 };
        own.places.push(place);
        sources.set(source, own);
      }
      if (running < bound.concurrency) {
        begin(place);
      } else {
        await new Promise<void>((resolve, reject) => {
          place.start = resolve;
          place.refuse = reject;
        });
      }
      try {
        return await task();
      } finally {
        finish(place);
      }
    },

    assertRoom(client = {}) {
      if (!hasRoom(client)) throw busyError();
    },
  };
}
