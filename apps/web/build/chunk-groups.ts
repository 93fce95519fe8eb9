import { fileURLToPath } from 'node:url';
import type { Rolldown } from 'vite';

const src = (file: string) => fileURLToPath(new URL(`../src/${file}`, import.meta.url));

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

type Group = 'shared' | 'app-core' | 'shell';

const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;

/**
 * zod and the contract's modules that build schemas stay out of the groups: the start uses only
 * their constants and addresses, tree-shaking drops the rest, and a group would keep it all.
 */
const buildsSchemas = (id: string, ctx: Rolldown.ChunkingContext) =>
  ZOD.test(id) || (ctx.getModuleInfo(id)?.importedIds ?? []).some((m) => ZOD.test(m));

/**
 * Few, whole chunks where a phone waits for them. Over HTTP/1.1 every file costs a round trip,
 * and automatic splitting cut the app's start into ~20 files and the signed-in shell into ~36:
 * - `shared`: what the app and the sign-in page (login.html) both load: React and the like;
 * - `app-core`: the rest of the app's start (router, query cache, session);
 * - `shell`: the main layout and the start page, still loaded lazily, with what they import
 *   that the start does not. Pages opened later keep their own chunks and libraries and take
 *   what they share with these from them.
 */
export const chunkGroups = (): Rolldown.CodeSplittingGroup[] => {
  let groups: Map<string, Group> | undefined;
  const groupOf = (id: string, ctx: Rolldown.ChunkingContext): Group | undefined => {
    if (!groups) {
      const entries = [src('main.tsx'), src('login.tsx')];
      const app = closure([src('main.tsx')], ctx);
      const login = closure([src('login.tsx')], ctx);
      // What the sign-in page may load later (its toasts): not in a group of the app, or that
      // page would download the whole group for it.
      const loginLater = closure([src('login.tsx')], ctx, true);
      const pages = [src('app/layout/main-layout.tsx'), src('features/reminders/pages/dashboard-page.tsx')];
      groups = new Map();
      // The two pages stay chunks of their own, which import the rest of the shell.
      for (const m of closure(pages, ctx))
        if (!app.has(m) && !loginLater.has(m) && !pages.includes(m)) groups.set(m, 'shell');
      for (const m of app) {
        if (entries.includes(m)) continue; // an entry's own code runs when its chunk does
        if (login.has(m)) groups.set(m, 'shared');
        else if (!loginLater.has(m)) groups.set(m, 'app-core');
      }
    }
    return buildsSchemas(id, ctx) ? undefined : groups.get(id);
  };
  return (['shared', 'app-core', 'shell'] as const).map((name) => ({
    debugName: name,
    // Only the modules named here: a group's imports stay where they belong.
    includeDependenciesRecursively: false,
    name: (id, ctx) => (groupOf(id, ctx) === name ? name : null),
  }));
};
