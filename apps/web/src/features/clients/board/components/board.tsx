import { useCallback, useMemo, useState } from 'react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { DEFAULT_CATEGORY_COLOR, type Client, type FormGroup } from '@crm/contract';
import type { BoardCategory } from './board-column';
import { useMoveToStage } from './move-to-stage';
import { useClosingMove } from '@/features/clients/categories/components/closing-dialog';
import { cx } from '@/ui/cx';
import { MOBILE_QUERY, useMediaQuery } from '@/ui/use-media-query';
import type { ClientsRange } from '@/features/clients/board/api/get-clients';
import { useMoveClient } from '@/features/clients/board/api/move-client';
import { useClientsLive } from '@/features/clients/board/api/use-clients-live';
import { useColumnTotals } from '@/features/clients/list/api/get-column-totals';
import { BoardColumn, type CardDragData, type ColumnDropData } from './board-column';
import { ClientCardPreview, clientName, type ClientCardActions } from './client-card';
import { DRAG_OVERLAY_Z_INDEX, stepCoordinates } from '@/ui/drag/drag';
import styles from './board.module.css';

/** The column under the pointer; for the keyboard (no pointer) the column the card overlaps most. */
const columnUnder: CollisionDetection = (args) => {
  const hits = args.pointerCoordinates ? pointerWithin(args) : [];
  return hits.length > 0 ? hits : rectIntersection(args);
};

const AUTO_SCROLL = { threshold: { x: 0.08, y: 0.12 }, acceleration: 4 } as const;

const dragged = (data: unknown) => (data as CardDragData | undefined)?.client;
const droppedOn = (data: unknown) => (data as ColumnDropData | undefined)?.category;

const announcements: Announcements = {
  onDragStart: ({ active }) => `Клиент ${clientName(dragged(active.data.current)!)} поднят.`,
  onDragOver: ({ active, over }) => {
    const name = clientName(dragged(active.data.current)!);
    const category = droppedOn(over?.data.current);
    return category ? `Клиент ${name} над колонкой «${category.name}».` : `Клиент ${name} вне колонок.`;
  },
  onDragEnd: ({ active, over }) => {
    const client = dragged(active.data.current)!;
    const category = droppedOn(over?.data.current);
    // Dropped on its own column, it stays: nothing was moved.
    return category && category.id !== client.category_id
      ? `Клиент ${clientName(client)} перенесён в колонку «${category.name}».`
      : `Клиент ${clientName(client)} отпущен на месте.`;
  },
  onDragCancel: ({ active }) => `Перенос клиента ${clientName(dragged(active.data.current)!)} отменён.`,
};

const screenReaderInstructions = {
  draggable:
    'Чтобы перенести клиента в другую категорию, нажмите пробел или Enter, стрелками выберите колонку и нажмите пробел или Enter ещё раз. Escape отменяет перенос.',
};

type BoardProps = {
  projectId: number;
  categories: BoardCategory[];
  range: ClientsRange;
  showManager: boolean;
  groups: readonly FormGroup[];
  onAdd: (categoryId: number) => void;
  actions: ClientCardActions;
};

/**
 * The pipeline board: a column per category in pipeline order. A card dragged (pointer, touch
 * or keyboard) to another column moves there at once and the server is told; a refusal puts it
 * back with the server's message. Changes made elsewhere appear by themselves.
 */
export const Board = ({ projectId, categories, range, showManager, groups, onAdd, actions }: BoardProps) => {
  // Each column's count and sum of amounts (issue 30), under the board's days and manager.
  const totals = useColumnTotals(projectId, {
    from: range.from,
    to: range.to,
    manager_id: range.manager,
    search: range.search,
    traffic: range.traffic,
    select_id: range.select_id,
    option_id: range.option_id,
    status: range.status,
  });
  const totalsOf = useMemo(() => new Map((totals.data ?? []).map((t) => [t.category_id, t])), [totals.data]);
  const move = useMoveClient(projectId);
  const [active, setActive] = useState<Client | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  // Changes made elsewhere reach the board; not while a card is in the hand or on its way.
  useClientsLive(projectId, active !== null || move.isPending);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // A press and hold picks a card up on a phone, so a swipe still scrolls the board.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: stepCoordinates }),
  );
  const colors = useMemo(() => new Map(categories.map((c) => [c.id, c.color])), [categories]);
  // A phone moves a card with 'Переместить в…' (one-handed); the drag stays for those who want it.
  const phone = useMediaQuery(MOBILE_QUERY);
  const { mutateAsync: moveClient } = move;
  // Into 'Успех' or 'Отказ' through the dialog (its reason or final amount), else at once.
  const closingMove = useClosingMove(projectId);
  const onMove = useCallback(
    (client: Client, toCategoryId: number) => {
      const target = categories.find((c) => c.id === toCategoryId);
      if (!target) return;
      closingMove(client, target, (closing) => moveClient({ client, toCategoryId, range, closing }));
    },
    [categories, closingMove, moveClient, range],
  );
  const openMove = useMoveToStage(categories, onMove);
  const moveMenu = useMemo(() => (phone ? { open: openMove } : undefined), [phone, openMove]);

  const onToggle = useCallback(
    (clientId: number) =>
      setExpanded((open) => {
        const next = new Set(open);
        if (!next.delete(clientId)) next.add(clientId);
        return next;
      }),
    [],
  );

  const onDragStart = ({ active: a }: DragStartEvent) => setActive(dragged(a.data.current) ?? null);
  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    setActive(null);
    const client = dragged(a.data.current);
    const target = droppedOn(over?.data.current);
    if (!client || !target || target.id === client.category_id) return;
    onMove(client, target.id);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={columnUnder}
      // Scrolls the board only with the pointer at its very edge, and gently: the default (a fifth
      // of the width, fast) swept a phone's board to its last column within ~40 ms of a 15 px move.
      autoScroll={AUTO_SCROLL}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{ announcements, screenReaderInstructions }}
    >
      <div className={cx(styles.board, active && styles.boardDragging)} data-testid="clients-board">
        {categories.map((category) => (
          <BoardColumn
            key={category.id}
            projectId={projectId}
            category={category}
            range={range}
            showManager={showManager}
            groups={groups}
            activeClientId={active?.id ?? null}
            expanded={expanded}
            onToggle={onToggle}
            onAdd={onAdd}
            actions={actions}
            move={moveMenu}
            totals={totalsOf.get(category.id) ?? (totals.data ? { clients: 0, amount: 0 } : undefined)}
          />
        ))}
      </div>
      <DragOverlay zIndex={DRAG_OVERLAY_Z_INDEX} dropAnimation={null}>
        {active && (
          <ClientCardPreview
            client={active}
            color={colors.get(active.category_id) ?? DEFAULT_CATEGORY_COLOR}
            showManager={showManager}
          />
        )}
      </DragOverlay>
    </DndContext>
  );
};
