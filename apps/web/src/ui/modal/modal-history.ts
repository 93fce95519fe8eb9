/** The mark of a modal's history entry in `history.state` (next to the router's own keys). */
const TAG = 'crmModal';

type Snapshot = { state: unknown; url: string };

const tagOf = (state: unknown): string | null =>
  ((state as Record<string, unknown> | null)?.[TAG] as string | undefined) ?? null;
const tagged = (state: unknown, id: string | null): Record<string, unknown> => {
  const { [TAG]: _old, ...rest } = (state as Record<string, unknown> | null) ?? {};
  return id === null ? rest : { ...rest, [TAG]: id };
};
const now = (): Snapshot => ({ state: window.history.state, url: window.location.href });

/**
 * The one listener, added when this module loads: before the router's (created after its root
 * element's modules load), so it runs first and may keep the router from seeing a move. At the
 * window, listeners run in the order they were added, capturing or not.
 */
let active: ((event: PopStateEvent) => void) | null = null;
/** The page is being left (a typed address, a reload): a move of ours would cancel that. */
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', (event) => active?.(event), { capture: true });
  window.addEventListener('beforeunload', () => {
    leaving = true;
    // Still here a moment later: the leaving was called off.
    window.setTimeout(() => (leaving = false), 0);
  });
}

/**
 * The browser's Back closes the top modal (docs/product.md §2.4): each open modal adds a history
 * entry at the page's address, marked with its id. Back leaves that entry and `onBack` is told
 * which modals lost theirs (top first); a modal closed otherwise takes its entry back off, and a
 * move to another page from an open modal takes the page's place above them.
 *
 * The router never sees these moves: they are caught first (see `active`) and the entry
 * landed on is given the address and router state of the one left, so a parameter the page took
 * out of the address while the modal was open stays out.
 */
export function createModalHistory(onBack: (ids: string[]) => void) {
  /** Modals whose entry lies on top of the page's, bottom to top. */
  const entries: string[] = [];
  /** The modal whose entry the browser is on; null: a page's own entry. */
  let cursor: string | null = null;
  /** The entry the browser is on, as last seen (what a Back carries down). */
  let current = now();
  /** Our own moves not yet arrived, and what to do once the last has. */
  let pendingPops = 0;
  let arrive: (() => void) | null = null;
  /** Modals opened while a move was on its way (ours or the router's): their entries come after. */
  const queued: string[] = [];

  const push = (id: string) => {
    window.history.pushState(tagged(window.history.state, id), '');
    entries.push(id);
    cursor = id;
    current = now();
  };
  const land = (from: Snapshot) => {
    window.history.replaceState(tagged(from.state, cursor), '', from.url);
    current = now();
  };
  /** Goes `delta` back a tick later: what closing does to the address is in place by then. */
  const goBack = (delta: number, then: () => () => void) => {
    pendingPops += 1;
    window.setTimeout(() => {
      if (leaving) {
        pendingPops -= 1;
        return;
      }
      arrive ??= then();
      window.history.go(-delta);
    }, 0);
  };

  /** The browser's address is not yet the router's (a Back the router is undoing): wait for it. */
  const settling = () => window.location.href !== current.url;
  const flush = () => {
    if (pendingPops > 0 || settling()) return;
    for (const id of queued.splice(0)) push(id);
  };

  const onPopState = (event: PopStateEvent) => {
    if (pendingPops > 0) {
      event.stopImmediatePropagation();
      pendingPops -= 1;
      if (pendingPops > 0) return;
      const done = arrive;
      arrive = null;
      if (done) done();
      else land(current);
      flush();
      return;
    }
    // Not on one of ours: the router's move (a modal opened meanwhile gets its entry after it).
    if (cursor === null) {
      window.setTimeout(flush, 0);
      return;
    }
    event.stopImmediatePropagation();
    const landed = tagOf(event.state);
    const at = landed === null ? -1 : entries.indexOf(landed);
    const popped = entries.splice(at + 1);
    cursor = at >= 0 ? landed : null;
    land(current);
    if (popped.length > 0) onBack(popped.reverse());
  };
  active = onPopState;

  return {
    opened(id: string) {
      queued.push(id);
      flush();
    },
    closed(id: string) {
      const waiting = queued.indexOf(id);
      if (waiting >= 0) {
        queued.splice(waiting, 1);
        return;
      }
      const at = entries.indexOf(id);
      if (at < 0) return;
      const wasTop = at === entries.length - 1;
      entries.splice(at, 1);
      // An entry under another stays in the history (Back passes it by).
      if (!wasTop || cursor !== id) return;
      cursor = entries.at(-1) ?? null;
      goBack(1, () => {
        const from = now();
        return () => land(from);
      });
    },
    /**
     * The router moved. A new page opened from a modal takes the place of the modals' entries
     * (Back from it returns to the page under them); a replaced entry of ours keeps its mark.
     */
    routed(action: 'PUSH' | 'REPLACE' | 'POP') {
      if (pendingPops > 0) return;
      if (action === 'PUSH' && cursor !== null) {
        const page = now();
        const depth = entries.indexOf(cursor) + 2;
        cursor = null;
        goBack(depth, () => () => {
          window.history.pushState(page.state, '', page.url);
          current = now();
        });
        return;
      }
      if (action === 'REPLACE' && cursor !== null && tagOf(window.history.state) === null) {
        window.history.replaceState(tagged(window.history.state, cursor), '');
      }
      current = now();
      flush();
    },
    dispose() {
      if (active === onPopState) active = null;
    },
  };
}
