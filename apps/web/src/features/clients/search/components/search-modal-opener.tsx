import { lazy, Suspense, useCallback, useRef } from 'react';
import { useSession } from '@/lib/session-context';
import { useSessionModals } from '@/lib/session-modals';
import { createSearchDraft, SearchDraftBox, type SearchDraft } from './search-draft';

// The search's body (filters, results, the client form it opens) loads on first use, so the
// header of every page does not carry the clients feature in the entry chunk.
const loadBody = () => import('./client-search-modal');
const ClientSearchModal = lazy(() => loadBody().then((m) => ({ default: m.ClientSearchModal })));

export const CLIENT_SEARCH_MODAL = { kind: 'search', ariaLabel: 'Поиск клиентов', padding: 24 } as const;

/** Starts loading the search's code ahead of the first open (the header box got the pointer or focus). */
export const preloadClientSearch = () => {
  void loadBody();
};

/**
 * Opens the global client search on the modal stack with what was typed so far; it keeps the
 * opener's session, so the client panel it opens in turn can read it.
 */
export const useClientSearchModal = () => {
  const modals = useSessionModals();
  const { projectId, isAdmin } = useSession();
  // One search at a time: Ctrl/Cmd+K inside an open search does not stack a second one, and
  // letters the header still receives before the modal takes the focus go on in its text.
  const open = useRef<SearchDraft | null>(null);
  return useCallback(
    (typed = '') => {
      if (open.current) {
        open.current.set(open.current.get() + typed);
        return;
      }
      if (projectId === null) return;
      const draft = createSearchDraft(typed);
      open.current = draft;
      modals.open(
        () => (
          <Suspense fallback={<SearchDraftBox draft={draft} />}>
            <ClientSearchModal projectId={projectId} isAdmin={isAdmin} draft={draft} />
          </Suspense>
        ),
        {
          ...CLIENT_SEARCH_MODAL,
          onClose: () => {
            open.current = null;
          },
        },
      );
    },
    [modals, projectId, isAdmin],
  );
};
