/** The mark of a modal's history entry in `history.state` (next to the router's own keys). */
const TAG = 'crmModal';

type Snapshot = { state: unknown; url: string };

const tagOf = (state: unknown): string | null =>
  ((state as Record<string, unknown> | null)?.[TAG] as string | undefined) ?? null;
const tagged = (state: unknown, id: string | null): Record<string, unknown> => {
  const { [TAG]: _old, ...rest } = (state as Record<string, unknown> | null) ?? {};
  return id === null ? rest : { ...rest, [TAG]: id };
};
/** The router's place in its own history (react-router keeps it as `idx`): equal within one page. */
const indexOf = (state: unknown) => (state as { idx?: unknown } | null)?.idx;
const now = (): Snapshot => ({ state: window.history.state, url: window.location.href });

/**
 * The one listener, added when this module loads: before the router's (created after its root
 * element's modules load), so it runs first and may keep the router from seeing a move. At the
 * window, listeners run in the order they were added, capturing or not.
 */
let active: ((event: PopStateEvent) => void) | null = null;
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', (event) => active?.(event), { capture: true });
}

/**
 * The browser's Back closes the top modal (docs/product.md §2.4). Each open modal adds a history
 * entry at the page's address, marked with its id; Back leaving it tells `onBack` which modals
 * lost their entries (top first), and the entry landed on gets the address and router state of the
 * one left (a parameter the page took out of the address meanwhile stays out). The router never
 * sees these moves.
 *
 * A modal closed otherwise leaves its entry behind, spent: the next modal opened on it reuses it,
 * and Back from it goes on at once to the page before, so no press is lost. Nothing here moves the
 * history by itself except that one step on from a Back, so it never races a navigation.
 */
export function createModalHistory(onBack: (ids: string[]) => void) {
  /** Open modals with an entry, bottom to top. */
  const entries: string[] = [];
  /** The open modal whose entry the browser is on; null: a page's own entry, or a spent one. */
  let cursor: string | null = null;
  /** The entry the browser is on, as last seen. */
  let current = now();
  /** Modals opened while the router was undoing a move: their entries come after. */
  const queued: string[] = [];

  const isSpent = (state: unknown) => {
    const tag = tagOf(state);
    return tag !== null && !entries.includes(tag);
  };
  /** The browser's address is not yet the router's (a Back it is undoing): wait for it. */
  const settling = () => window.location.href !== current.url;

  const enter = (id: string) => {
    // A spent entry is this page's already: it becomes the modal's.
    if (isSpent(window.history.state)) window.history.replaceState(tagged(window.history.state, id), '');
    else window.history.pushState(tagged(window.history.state, id), '');
    entries.push(id);
    cursor = id;
    current = now();
  };
  const flush = () => {
    if (settling()) return;
    for (const id of queued.splice(0)) enter(id);
  };

  const onPopState = (event: PopStateEvent) => {
    const left = current;
    current = { state: event.state, url: window.location.href };
    // Back from a spent entry lands on the same page: one step more, as the press meant.
    if (isSpent(left.state) && indexOf(event.state) === indexOf(left.state)) {
      event.stopImmediatePropagation();
      const landed = tagOf(event.state);
      cursor = landed !== null && entries.includes(landed) ? landed : null;
      window.history.replaceState(tagged(left.state, landed), '', left.url);
      current = now();
      window.history.back();
      return;
    }
    if (cursor === null) {
      // The router's move: `current` waits for the router to say where it went (routed), or for
      // it to undo the move (a blocked Back); a modal opened meanwhile gets its entry after that.
      current = left;
      window.setTimeout(flush, 0);
      return;
    }
    event.stopImmediatePropagation();
    const landed = tagOf(event.state);
    const at = landed === null ? -1 : entries.indexOf(landed);
    const popped = entries.splice(at + 1);
    cursor = at >= 0 ? landed : null;
    window.history.replaceState(tagged(left.state, cursor ?? landed), '', left.url);
    current = now();
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
      if (waiting >= 0) queued.splice(waiting, 1);
      const at = entries.indexOf(id);
      if (at < 0) return;
      entries.splice(at, 1);
      if (cursor === id) cursor = null;
    },
    /** The router moved: a new page's entry is not a modal's; a replaced entry of ours keeps its mark. */
    routed(action: 'PUSH' | 'REPLACE' | 'POP') {
      if (action === 'PUSH') cursor = null;
      else if (action === 'REPLACE' && cursor !== null && tagOf(window.history.state) === null) {
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
