import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { remindersRoutes } from '@/features/reminders/routes';
import { API_BASE } from '@/lib/early-responses';
import { earlyRequests } from '../../../build/early-requests';
import { prefetchSession } from './prefetch-session';

/** The addresses the app asks for first when it opens on `pathname` in project 7. */
const firstRequests = async (pathname: string) => {
  const asked: string[] = [];
  const store = new Map([
    ['token', '1|secret'],
    ['project_id', '7'],
  ]);
  vi.stubGlobal('localStorage', { getItem: (key: string) => store.get(key) ?? null });
  vi.stubGlobal('window', { location: { pathname } });
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    return new Promise<Response>(() => {});
  });
  prefetchSession(new QueryClient(), [remindersRoutes.prefetch!]);
  await new Promise((resolve) => setTimeout(resolve, 0));
  return asked.sort();
};

const early = (pathname: string) =>
  [...earlyRequests.session, ...(earlyRequests.pages[pathname] ?? [])]
    .map((path) => API_BASE + path.replace(':projectId', '7'))
    .sort();

describe('the early requests of the page’s inline script', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are the requests the app makes first, on the start page and on another', async () => {
    expect(await firstRequests('/')).toEqual(early('/'));
    expect(await firstRequests('/clients')).toEqual(early('/clients'));
  });
});
