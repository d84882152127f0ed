import type { CalendarEventKind } from '@matterhorn/shared';
import type { CSSProperties } from 'react';
import type { CalendarItem } from './calendar-items.ts';

/** A theme colour: a hue and its shade (the theme darkens shade 8 so white text on it reads). */
export type ThemeShade = readonly [hue: string, shade: number];
export type ItemColours = { fill: ThemeShade; text: ThemeShade | 'white'; border: ThemeShade };

/**
 * One look per kind, every text at least 4.5:1 on its fill (item-colours.test.ts checks it against
 * the app's theme): court dates in blue, events by their kind, tasks pale with dark text and a
 * dashed border, so a task is told from an event by more than its colour ("Task:" says it too).
 */
export const ITEM_COLOURS: Record<'hearing' | 'task' | CalendarEventKind, ItemColours> = {
  hearing: { fill: ['blue', 8], text: 'white', border: ['blue', 9] },
  task: { fill: ['yellow', 1], text: ['gray', 9], border: ['yellow', 9] },
  Meeting: { fill: ['violet', 8], text: 'white', border: ['violet', 9] },
  Deadline: { fill: ['red', 8], text: 'white', border: ['red', 9] },
  Consultation: { fill: ['teal', 8], text: 'white', border: ['teal', 9] },
  Other: { fill: ['gray', 8], text: 'white', border: ['gray', 9] },
};

const variable = ([hue, shade]: ThemeShade) => `var(--mantine-color-${hue}-${shade})`;

export function coloursOf(item: CalendarItem): ItemColours {
  return ITEM_COLOURS[item.kind === 'event' ? item.occurrence.kind : item.kind];
}

/** The box's inline colours. */
export function colourStyle(colours: ItemColours, borderStyle: 'solid' | 'dashed' = 'solid'): CSSProperties {
  return {
    backgroundColor: variable(colours.fill),
    color: colours.text === 'white' ? 'var(--mantine-color-white)' : variable(colours.text),
    border: `1px ${borderStyle} ${variable(colours.border)}`,
  };
}

export function itemStyle(item: CalendarItem): CSSProperties {
  return colourStyle(coloursOf(item), item.kind === 'task' ? 'dashed' : 'solid');
}
