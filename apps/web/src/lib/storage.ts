/**
 * Every key the web app keeps in the browser (docs/product.md §10.7), read and written only here so
 * the names and their text encodings stay in one place.
 */
export const STORAGE_KEYS = {
  /** Login token ('id|secret'), local storage: survives a browser restart. */
  token: 'token',
  /** Impersonation token, session storage: dies with the tab, as docs/product.md §3.5 asks. */
  accessToken: 'access_token',
  /** Sidebar state, the text 'true' or 'false'. */
  collapse: 'collapse',
  /** The project chosen last in the selector. */
  projectId: 'project_id',
  /** When the verification email was last sent (ms since epoch), for the 2-minute cooldown. */
  lastSentTime: 'lastSentTime',
  /**
   * Where to go after a sign-in that leaves the app (Google), session storage: a path inside the
   * app such as /verify-email/{hash}, so the page the visitor came for opens once he is signed in.
   */
  returnTo: 'return_to',
  /**
   * A message for the next page to show as a success toast, session storage: 'Пароль изменён'
   * survives the document load into /login, which is its own page.
   */
  notice: 'notice',
} as const;

/** Milliseconds since the epoch, or null for missing or malformed values. */
export const parseTimestamp = (raw: string | null): number | null => {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const ms = Number(raw);
  return Number.isSafeInteger(ms) ? ms : null;
};

/** The part of the Web Storage API we use; tests pass an in-memory one. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A storage that never throws: private mode or a disabled storage must not break the app. */
const safe = (get: () => StorageLike | undefined): StorageLike => ({
  getItem: (key) => {
    try {
      return get()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  setItem: (key, value) => {
    try {
      get()?.setItem(key, value);
    } catch {
      // Quota or disabled storage: the value simply is not remembered.
    }
  },
  removeItem: (key) => {
    try {
      get()?.removeItem(key);
    } catch {
      // Same as above.
    }
  },
});

export const browserLocal: StorageLike = safe(() =>
  typeof localStorage === 'undefined' ? undefined : localStorage,
);
export const browserSession: StorageLike = safe(() =>
  typeof sessionStorage === 'undefined' ? undefined : sessionStorage,
);

/** 'true' means collapsed; anything else (missing, garbage) means expanded. */
export const parseCollapse = (raw: string | null): boolean => raw === 'true';
export const serializeCollapse = (collapsed: boolean): string => (collapsed ? 'true' : 'false');

/** A positive integer id, or null for missing or malformed values. */
export const parseProjectId = (raw: string | null): number | null => {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * The token a request carries: the impersonation token of this tab first, then the login token
 * (docs/product.md §5.4). Empty strings count as absent.
 */
export const pickToken = (sessionToken: string | null, localToken: string | null): string | null =>
  sessionToken || localToken || null;

/** Builds the typed accessors over two storages; the app uses `appStorage`, tests their own. */
export const createAppStorage = (local: StorageLike, session: StorageLike) => {
  const getToken = (): string | null =>
    pickToken(session.getItem(STORAGE_KEYS.accessToken), local.getItem(STORAGE_KEYS.token));
  return {
    getToken,
    hasToken: (): boolean => getToken() !== null,
    setLoginToken: (token: string) => local.setItem(STORAGE_KEYS.token, token),
    removeLoginToken: () => local.removeItem(STORAGE_KEYS.token),
    setAccessToken: (token: string) => session.setItem(STORAGE_KEYS.accessToken, token),
    removeAccessToken: () => session.removeItem(STORAGE_KEYS.accessToken),
    isImpersonating: (): boolean => Boolean(session.getItem(STORAGE_KEYS.accessToken)),

    getCollapsed: (): boolean => parseCollapse(local.getItem(STORAGE_KEYS.collapse)),
    setCollapsed: (collapsed: boolean) => local.setItem(STORAGE_KEYS.collapse, serializeCollapse(collapsed)),

    getProjectId: (): number | null => parseProjectId(local.getItem(STORAGE_KEYS.projectId)),
    setProjectId: (id: number) => local.setItem(STORAGE_KEYS.projectId, String(id)),
    removeProjectId: () => local.removeItem(STORAGE_KEYS.projectId),

    getLastSentTime: (): number | null => parseTimestamp(local.getItem(STORAGE_KEYS.lastSentTime)),
    setLastSentTime: (ms: number) => local.setItem(STORAGE_KEYS.lastSentTime, String(Math.round(ms))),
    removeLastSentTime: () => local.removeItem(STORAGE_KEYS.lastSentTime),

    getReturnTo: (): string | null => session.getItem(STORAGE_KEYS.returnTo),
    setReturnTo: (path: string) => session.setItem(STORAGE_KEYS.returnTo, path),
    removeReturnTo: () => session.removeItem(STORAGE_KEYS.returnTo),

    setNotice: (message: string) => session.setItem(STORAGE_KEYS.notice, message),
    /** Reads and forgets the notice, so it is shown once. */
    takeNotice: (): string | null => {
      const message = session.getItem(STORAGE_KEYS.notice);
      session.removeItem(STORAGE_KEYS.notice);
      return message;
    },
  };
};

export type AppStorage = ReturnType<typeof createAppStorage>;

export const appStorage: AppStorage = createAppStorage(browserLocal, browserSession);
