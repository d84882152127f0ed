import type { AdoptedMark } from '@matterhorn/shared';

/** The script-like font a typed signature is shown in (shipped with the app: @fontsource/dancing-script). */
export const SIGNATURE_FONT = "'Dancing Script', 'Segoe Script', 'Brush Script MT', cursive";

/** "Ada N. Obi" → "ANO": the initials offered to a signer who has places to initial. */
export function initialsOf(name: string): string {
  return name
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .join('')
    .slice(0, 4);
}

export type AdoptedMarks = { signature: AdoptedMark; initials: AdoptedMark | null };
