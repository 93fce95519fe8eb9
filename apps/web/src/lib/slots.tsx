import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * Places where one feature shows a piece of another without loading it with its own code (a
 * feature's index.ts carries queries and small hooks, not screens): the host renders `<Slot id … />` with the slot's context; the feature that
 * fills it lists a lazy component under `slots` in its routes.tsx. A slot nobody fills renders
 * nothing.
 */
export type SlotContexts = {
  /** The clients feature's info about one client ('Подробнее о клиенте' in a reminder). */
  'client-info': { clientId: number };
  /** The reminders feature's list of one client's reminders, with 'add' (in the client's panel). */
  'client-reminders': { clientId: number };
  /** The telegram feature's conversation with the client (on his page and in his panel), once he wrote. */
  'client-telegram': { clientId: number; clientName: string };
  /** The chats feature's 'Задать вопрос администратору' (in the client's panel). */
  'client-question': { clientId: number; clientName: string };
  /** The reminders feature's next reminder of a client, under the amount on a board card. */
  'client-next-reminder': { clientId: number };
  /** The clients feature's 'Клиент' choice in another feature's form: searches the caller's clients. */
  'client-picker': {
    value: { id: number; name: string; last_name: string } | null;
    onChange: (client: { id: number; name: string; last_name: string } | null) => void;
    error?: string | undefined;
    /** The box takes the focus when the modal opens. */
    autoFocus?: boolean;
  };
  /** The telegram feature's 'Telegram' card on the profile: the person links his own Telegram for notices. */
  'profile-telegram': { projectId: number };
  /** The telegram feature's mark of a member who linked his Telegram (the team's list, admins). */
  'member-telegram': { projectId: number; userId: number };
  /** The reminders feature's 'Напоминания' card on a manager's page. */
  'manager-reminders': { managerId: number };
  /** The reminders feature's link that opens one reminder's details (a client's timeline). */
  'reminder-link': { reminderId: number; children: ReactNode };
};
export type SlotId = keyof SlotContexts;

type SlotLoader<K extends SlotId> = () => Promise<{ default: ComponentType<SlotContexts[K]> }>;
export type SlotFragments = { [K in SlotId]?: SlotLoader<K> };

const filled = new Map<SlotId, ComponentType<never>>();

/** Called once by the router with every feature's `slots`. */
export function registerSlots(fragments: (SlotFragments | undefined)[]) {
  for (const fragment of fragments) {
    for (const [id, load] of Object.entries(fragment ?? {}) as [SlotId, SlotLoader<SlotId>][]) {
      if (filled.has(id)) throw new Error(`Two features fill the slot ${id}`);
      filled.set(id, lazy(load) as ComponentType<never>);
    }
  }
}

type SlotProps<K extends SlotId> = { id: K; fallback?: ReactNode } & SlotContexts[K];

export function Slot<K extends SlotId>({ id, fallback = null, ...context }: SlotProps<K>) {
  const Component = filled.get(id) as ComponentType<SlotContexts[K]> | undefined;
  if (!Component) return null;
  return (
    <Suspense fallback={fallback}>
      <Component {...(context as unknown as SlotContexts[K])} />
    </Suspense>
  );
}
