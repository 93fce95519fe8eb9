import { fileURLToPath } from 'node:url';
import type { Rolldown } from 'vite';

const src = (file: string) => fileURLToPath(new URL(`../src/${file}`, import.meta.url));

/** The main layout and the start page: what a signed-in visitor's first page renders. */
export const SHELL_PAGES = ['app/layout/main-layout.tsx', 'features/reminders/pages/dashboard-page.tsx'];

/** Every module these import, themselves included: statically, or also dynamically. */
const closure = (roots: string[], ctx: Rolldown.ChunkingContext, dynamic = false): Set<string> => {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    stack.push(...(info?.importedIds ?? []), ...(dynamic ? (info?.dynamicallyImportedIds ?? []) : []));
  }
  return seen;
};

type Group = 'shared' | 'sign-in' | 'app-core' | 'shell';

const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
/** The contract's endpoint declarations keep only their addresses in the browser (endpoint-addresses.ts). */
const ENDPOINTS = /packages[\\/]contract[\\/]src[\\/][\w-]+\.endpoints\.ts$/;

/**
 * zod and the modules that build schemas stay out of the groups: the start uses only the
 * contract's constants and addresses, tree-shaking drops the rest, and a group would keep it all.
 */
const buildsSchemas = (id: string, ctx: Rolldown.ChunkingContext) =>
  ZOD.test(id) ||
  (!ENDPOINTS.test(id) && (ctx.getModuleInfo(id)?.importedIds ?? []).some((m) => ZOD.test(m)));

/**
 * A module something imports dynamically keeps a chunk of its own: inside a group, the chunk
 * the dynamic import points at is a facade over the group, and Rolldown left exports of such
 * facades undefined ("Export … is not defined") unless every module is wrapped (strictExecutionOrder).
 */
const isLoadedLazily = (id: string, ctx: Rolldown.ChunkingContext) =>
  (ctx.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0;

/**
 * Few, whole chunks where a phone waits for them. Over HTTP/1.1 every file costs a round trip,
 * and automatic splitting cut the app's start into ~20 files, the signed-in shell into ~36 and
 * the sign-in page into 16:
 * - `shared`: what the sign-in page (login.html) loads at once and the app's start or shell
 *   needs too: React and the like;
 * - `sign-in`: the rest of the sign-in page (the form library, the fields), which the app's
 *   own sign-in pages (/registration, /recovery) load with their page;
 * - `app-core`: the rest of the app's start (router, query cache, session);
 * - `shell`: what the main layout and the start page import that the start does not; still
 *   loaded lazily, and preloaded for a signed-in visitor (signed-in-preload.ts).
 * Pages opened later keep their own chunks and libraries and take what they share with these
 * from them.
 */
export const chunkGroups = (): Rolldown.CodeSplittingGroup[] => {
  let groups: Map<string, Group> | undefined;
  const groupOf = (id: string, ctx: Rolldown.ChunkingContext): Group | undefined => {
    if (!groups) {
      const entries = [src('main.tsx'), src('login.tsx')];
      const app = closure([src('main.tsx')], ctx);
      const login = closure([src('login.tsx')], ctx);
      const shell = closure(SHELL_PAGES.map(src), ctx);
      // What the sign-in page may load later (its toasts): not in a group it loads at once, or
      // it would download the group for it.
      const loginLater = closure([src('login.tsx')], ctx, true);
      groups = new Map();
      for (const m of shell) {
        if (app.has(m) || loginLater.has(m)) continue;
        // Endpoints are a few addresses each, and pages of every kind call them: they go with
        // the start rather than make a page that needs one download the shell.
        groups.set(m, ENDPOINTS.test(m) ? 'app-core' : 'shell');
      }
      for (const m of app) if (!loginLater.has(m)) groups.set(m, 'app-core');
      for (const m of login) groups.set(m, app.has(m) || shell.has(m) ? 'shared' : 'sign-in');
      // An entry's own code runs wherever its group loads: the app over the sign-in form, say.
      for (const m of entries) groups.delete(m);
    }
    return buildsSchemas(id, ctx) || isLoadedLazily(id, ctx) ? undefined : groups.get(id);
  };
  return (['shared', 'sign-in', 'app-core', 'shell'] as const).map((name) => ({
    debugName: name,
    // Only the modules named here: a group's imports stay where they belong.
    includeDependenciesRecursively: false,
    name: (id, ctx) => (groupOf(id, ctx) === name ? name : null),
  }));
};
