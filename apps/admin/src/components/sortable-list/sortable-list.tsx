// An ordered list the merchant reorders by drag and drop with the pointer, touch or the
// keyboard (focus an item's handle, Space to lift, arrows to move, Space to drop). Screen
// readers hear positions ("Redirect 2 is over position 1"), never ids. Each item renders its
// own card and puts `DragHandle` where the handle belongs.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragCancelEvent,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { createContext, useContext, type ReactNode } from 'react';
import { BlockStack } from '@shopify/polaris';
import { moveByKey } from './move-by-key.js';
import './sortable-list.css';

type Sortable = ReturnType<typeof useSortable>;
interface HandleProps {
  attributes: Sortable['attributes'];
  listeners: Sortable['listeners'];
}

const HandleContext = createContext<HandleProps | null>(null);

/** The handle that lifts the item it is in; a real button, so the keyboard reaches it. */
export function DragHandle({ label }: { label: string }) {
  const handle = useContext(HandleContext);
  return (
    <button
      type="button"
      className="gh-drag-handle"
      aria-label={label}
      {...handle?.attributes}
      {...handle?.listeners}
    >
      ⋮⋮
    </button>
  );
}

function SortableItem({ id, children }: { id: string; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const style = {
    transform: CSS.Transform.toString(transform),
    transition,
    position: 'relative' as const,
    zIndex: isDragging ? 1 : 0,
    opacity: isDragging ? 0.85 : 1,
  };
  return (
    <div ref={setNodeRef} style={style}>
      <HandleContext.Provider value={{ attributes, listeners }}>{children}</HandleContext.Provider>
    </div>
  );
}

export function SortableList<T extends { key: string }>({
  items,
  noun,
  onReorder,
  children,
}: {
  items: T[];
  /** What an item is called in what screen readers hear, capitalised: "Redirect", "Filter". */
  noun: string;
  /** The items in their new order, after a drop that moved one. */
  onReorder: (items: T[]) => void;
  children: (item: T, position: number) => ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const at = (id: string | number | undefined) => items.findIndex((item) => item.key === id) + 1;
  const lower = noun.toLowerCase();
  const announcements = {
    onDragStart: ({ active }: DragStartEvent) => `Picked up ${lower} ${at(active.id)}.`,
    onDragOver: ({ active, over }: DragOverEvent) =>
      over ? `${noun} ${at(active.id)} is over position ${at(over.id)}.` : undefined,
    onDragEnd: ({ active, over }: DragEndEvent) =>
      over
        ? `${noun} ${at(active.id)} was moved to position ${at(over.id)}.`
        : `${noun} ${at(active.id)} was dropped.`,
    onDragCancel: ({ active }: DragCancelEvent) =>
      `Moving ${lower} ${at(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const next = moveByKey(items, String(active.id), String(over.id));
    if (next !== items) onReorder(next);
  };
  return (
    <DndContext
      accessibility={{ announcements }}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
    >
      <SortableContext items={items.map((item) => item.key)} strategy={verticalListSortingStrategy}>
        <BlockStack gap="400">
          {items.map((item, index) => (
            <SortableItem key={item.key} id={item.key}>
              {children(item, index + 1)}
            </SortableItem>
          ))}
        </BlockStack>
      </SortableContext>
    </DndContext>
  );
}
