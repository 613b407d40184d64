import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  type Modifier,
  MouseSensor,
  TouchSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Badge, Box, Flex, Group, Paper, Stack, VisuallyHidden } from "@mantine/core";
import { MSG } from "@shared/messages";
import { IconArrowDown, IconArrowUp, IconGripVertical, IconX } from "@tabler/icons-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { IconButton } from "./icon-button";

export interface RankedItem {
  id: string;
  /** What screen readers and the buttons call it: a topic's or a group's title. */
  label: string;
  /** What the row shows after its rank (the label, by default). */
  content?: ReactNode;
}

/** Drags move up and down only. */
const vertical: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/**
 * A ranked list, best first, ordered by drag and drop that works with a mouse, a finger (touch
 * sensor, on the handle) and the keyboard (space or enter on the handle, arrows, space or enter
 * to drop, escape to cancel), with what happens said to screen readers in words. Each row also has
 * Move up and Move down buttons (and Remove, when `onRemove` is given): one tap or click does what
 * a drag does, for people who cannot drag (WCAG 2.5.7).
 */
export function RankedList({
  items,
  onChange,
  onRemove,
  label,
  noun,
  disabled = false,
}: {
  items: RankedItem[];
  onChange: (ids: string[]) => void;
  onRemove?: (id: string) => void;
  /** The list's accessible name ("Your ranked topics"). */
  label: string;
  /** One item, for the instructions ("topic", "group"). */
  noun: string;
  disabled?: boolean;
}) {
  const [said, setSaid] = useState("");
  // After a button moves a row, focus goes back to that row's button (React may move its node).
  const [refocus, setRefocus] = useState<{ id: string; control: "up" | "down" | "remove" } | null>(null);
  const list = useRef<HTMLDivElement>(null);
  // Whether the dragged item has left its own place since it was picked up.
  const left = useRef(false);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 120, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((i) => i.id);
  const n = items.length;
  const labelOf = (id: UniqueIdentifier) => items.find((i) => i.id === id)?.label ?? String(id);
  const rankOf = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;

  useEffect(() => {
    if (!refocus) return;
    const row = [...(list.current?.querySelectorAll("[data-rank-id]") ?? [])].find(
      (el) => el.getAttribute("data-rank-id") === refocus.id,
    );
    const wanted = row?.querySelector<HTMLButtonElement>(
      `[data-control="${refocus.control}"]:not(:disabled)`,
    );
    const fallback = row?.querySelector<HTMLButtonElement>("[data-control]:not(:disabled)");
    (wanted ?? fallback)?.focus();
    setRefocus(null);
  }, [refocus]);

  const move = (id: string, to: number, control: "up" | "down") => {
    const from = ids.indexOf(id);
    if (to < 0 || to >= n || from === to) return;
    onChange(arrayMove(ids, from, to));
    setSaid(MSG.rankMoved(labelOf(id), to + 1, n));
    setRefocus({ id, control });
  };
  const remove = (id: string) => {
    const at = ids.indexOf(id);
    setSaid(MSG.rankRemoved(labelOf(id)));
    onRemove?.(id);
    const next = ids[at + 1] ?? ids[at - 1];
    if (next) setRefocus({ id: next, control: "remove" });
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onChange(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[vertical]}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: MSG.dragInstructions(noun) },
        announcements: {
          onDragStart: ({ active }) => {
            left.current = false;
            return MSG.dragPickedUp(labelOf(active.id), rankOf(active.id), n);
          },
          // Not over its own place right after being picked up: the pick-up is what is said then.
          onDragOver: ({ active, over }) => {
            if (!over || (!left.current && over.id === active.id)) return undefined;
            left.current = true;
            return MSG.dragOver(labelOf(active.id), rankOf(over.id), n);
          },
          onDragEnd: ({ active, over }) =>
            MSG.dragDropped(labelOf(active.id), rankOf((over ?? active).id), n),
          onDragCancel: ({ active }) => MSG.dragCancelled(labelOf(active.id), rankOf(active.id), n),
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <Stack component="ol" ref={list} gap={6} m={0} p={0} style={{ listStyle: "none" }} aria-label={label}>
          {items.map((item, i) => (
            <RankedRow
              key={item.id}
              item={item}
              rank={i + 1}
              count={n}
              disabled={disabled}
              onUp={() => move(item.id, i - 1, "up")}
              onDown={() => move(item.id, i + 1, "down")}
              onRemove={onRemove ? () => remove(item.id) : undefined}
            />
          ))}
        </Stack>
      </SortableContext>
      <VisuallyHidden aria-live="polite" aria-atomic data-ranked-list-status>
        {said}
      </VisuallyHidden>
    </DndContext>
  );
}

function RankedRow({
  item,
  rank,
  count,
  disabled,
  onUp,
  onDown,
  onRemove,
}: {
  item: RankedItem;
  rank: number;
  count: number;
  disabled: boolean;
  onUp: () => void;
  onDown: () => void;
  onRemove?: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.id, disabled });
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      withBorder
      radius="md"
      px="xs"
      py={6}
      data-rank-id={item.id}
      data-rank-index={rank - 1}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: "relative",
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? "var(--mantine-shadow-md)" : undefined,
      }}
    >
      <Group gap="xs" wrap="nowrap" align="center">
        {!disabled && (
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={`Drag ${item.label}, rank ${rank} of ${count}`}
            style={{ cursor: isDragging ? "grabbing" : "grab", touchAction: "none" }}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={18} aria-hidden />
          </ActionIcon>
        )}
        <Badge variant="light" size="lg" radius="sm" miw={36} aria-label={`Rank ${rank}`}>
          {rank}
        </Badge>
        {/* On a phone the buttons go under the row's text, which keeps the width it needs. */}
        <Flex
          direction={{ base: "column", sm: "row" }}
          align={{ base: "stretch", sm: "center" }}
          gap={4}
          style={{ flex: 1, minWidth: 0 }}
        >
          <Box style={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>{item.content ?? item.label}</Box>
          {!disabled && (
            <Group gap={2} wrap="nowrap" justify="flex-end">
              <IconButton
                tip="Move up"
                openDelay={400}
                color="gray"
                size="lg"
                aria-label={`Move ${item.label} up`}
                data-control="up"
                disabled={rank === 1}
                onClick={onUp}
              >
                <IconArrowUp size={16} aria-hidden />
              </IconButton>
              <IconButton
                tip="Move down"
                openDelay={400}
                color="gray"
                size="lg"
                aria-label={`Move ${item.label} down`}
                data-control="down"
                disabled={rank === count}
                onClick={onDown}
              >
                <IconArrowDown size={16} aria-hidden />
              </IconButton>
              {onRemove && (
                <IconButton
                  tip="Remove"
                  openDelay={400}
                  color="red"
                  size="lg"
                  aria-label={`Remove ${item.label}`}
                  data-control="remove"
                  onClick={onRemove}
                >
                  <IconX size={16} aria-hidden />
                </IconButton>
              )}
            </Group>
          )}
        </Flex>
      </Group>
    </Paper>
  );
}
