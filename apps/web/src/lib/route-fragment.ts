import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { SlotFragments } from './slots';

/**
 * Every page loads lazily (docs/product.md §2.1): the route pulls its chunk, then renders its
 * component. `load` must be a literal `import('./pages/…')` so the build splits a chunk per page.
 */
export const lazyPage =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  async () => ({ Component: (await load())[name] });

/** Routes of other features that render a child route in their <Outlet>, by route id. */
export const outletIds = {
  /** /registration renders the team feature's invitation banner. */
  registration: 'registration',
  /** /managers/{managerId} renders the clients feature's list of his clients in its 'Клиенты' card. */
  managerClients: 'manager-clients',
} as const;
export type OutletId = (typeof outletIds)[keyof typeof outletIds];

/** What the manager page hands to the child it renders in its 'Клиенты' card. */
export type ManagerClientsOutletContext = {
  projectId: number;
  managerId: number;
  /** The id the card's title must carry: the card is labelled by it. */
  titleId: string;
};

/**
 * The routes of one feature (its `routes.tsx`), by where the router mounts them; the guards come
 * with the place. A new feature exports one and adds one line to app/router.tsx.
 */
export type RouteFragment = {
  /** Outside the session: open to visitors (the sign-in pages). */
  public?: RouteObject[];
  /** Signed in, outside the main layout (start-up's own redirects do not apply). */
  session?: RouteObject[];
  /** Inside the main layout, for every member of the project. */
  layout?: RouteObject[];
  /** Inside the main layout, behind the admin guard ('Нет доступа' for managers). */
  admin?: RouteObject[];
  /** Child routes for another feature's route (see `outletIds`), rendered in its <Outlet>. */
  outlets?: Partial<Record<OutletId, RouteObject[]>>;
  /** Pieces shown inside another feature's screens (see slots.tsx). */
  slots?: SlotFragments;
  /**
   * The requests of this feature's page when the app opens on it, started with the app's script
   * in the remembered project (see app/session/prefetch-session.ts) instead of once the layout
   * has loaded and rendered.
   */
  prefetch?: (start: AppStart) => void;
};

/** Where the app opens: the address and the project remembered from the last visit. */
export type AppStart = { queryClient: QueryClient; pathname: string; projectId: number };
