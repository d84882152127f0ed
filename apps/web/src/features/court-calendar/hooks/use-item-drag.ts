import dayjs from 'dayjs';
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { CalendarItem, EventItem } from '../utils/calendar-items.ts';
import { snapped } from '../utils/calendar-grid.ts';
import type { CalendarChange } from '../utils/event-moves.ts';
import { addWallClockMinutes, wallClockDate, wallClockText } from '../utils/wall-clock.ts';

export type DragAction = 'move' | 'resize';
/** Where a box is being dragged: days across (the day under the pointer) and minutes down (the time grid only). */
export type DragPreview = { itemId: string; action: DragAction; dayDelta: number; minuteDelta: number };

/** A press becomes a drag after the pointer travels this far; less is a click. */
const DRAG_THRESHOLD_PX = 5;

const dayUnder = (x: number, y: number) => document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-day]')?.dataset.day ?? null;

const shifted = (date: Date, days: number, minutes: number) =>
  wallClockDate(addWallClockMinutes(wallClockText(date), days * 24 * 60 + minutes));

/** The item where the drag would put it: moved by days and minutes, or (resized) its end moved by minutes. */
export function draggedItem<Item extends CalendarItem>(item: Item, preview: DragPreview): Item {
  if (preview.action === 'resize') return { ...item, end: shifted(item.end, 0, preview.minuteDelta) };
  return {
    ...item,
    start: shifted(item.start, preview.dayDelta, preview.minuteDelta),
    end: shifted(item.end, preview.dayDelta, preview.minuteDelta),
  };
}

/**
 * Dragging an event's box with a mouse or pen: across days (the month's cells, the week's columns
 * and all-day row: whichever day is under the pointer) and, in the time grid, up and down in
 * SNAP_MINUTES steps; its bottom edge resizes it. The box is drawn where it would land while the
 * pointer moves; Escape puts it back. Touch scrolls the page instead (a phone moves an event in its
 * form, as the keyboard does). The click that ends a drag opens nothing.
 */
export function useItemDrag(onDrop: (item: EventItem, change: CalendarChange, action: DragAction) => void) {
  const [preview, setPreview] = useState<DragPreview | null>(null);
  const endedDragAt = useRef(0);
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);

  const start = (press: ReactPointerEvent, item: EventItem, action: DragAction, minutePx: number | null) => {
    if (press.button !== 0 || press.pointerType === 'touch') return;
    const originDay = (press.currentTarget as HTMLElement).closest<HTMLElement>('[data-day]')?.dataset.day ?? null;
    const { clientX: x0, clientY: y0 } = press;
    let current: DragPreview | null = null;

    const move = (pointer: PointerEvent) => {
      const dx = pointer.clientX - x0;
      const dy = pointer.clientY - y0;
      if (!current && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
      const day = action === 'move' ? dayUnder(pointer.clientX, pointer.clientY) : null;
      current = {
        itemId: item.id,
        action,
        dayDelta: day && originDay ? dayjs(day).diff(originDay, 'day') : (current?.dayDelta ?? 0),
        minuteDelta: minutePx ? snapped(dy / minutePx) : 0,
      };
      setPreview(current);
    };
    const finish = (drop: boolean) => {
      stop.current?.();
      if (!current) return;
      endedDragAt.current = Date.now();
      const landed = draggedItem(item, current);
      setPreview(null);
      if (drop && (current.dayDelta !== 0 || current.minuteDelta !== 0)) {
        onDrop(item, { start: landed.start, end: landed.end }, action);
      }
    };
    const up = () => finish(true);
    const cancel = () => finish(false);
    const key = (event: KeyboardEvent) => {
      if (event.key === 'Escape') cancel();
    };
    stop.current = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      window.removeEventListener('keydown', key);
      stop.current = null;
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    window.addEventListener('keydown', key);
    press.stopPropagation(); // not a stretch of time picked on the grid beneath
  };

  /** True for the click that ends a drag: it must not open the box it dropped. */
  const endedDrag = () => Date.now() - endedDragAt.current < 300;

  return { preview, start, endedDrag };
}

export type ItemDrag = ReturnType<typeof useItemDrag>;
