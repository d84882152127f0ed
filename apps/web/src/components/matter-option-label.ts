// A module of its own: the header's Timers menu uses it on every page, without the dropdown helpers.
export type MatterNames = { matterName: string | null; matterNumber?: string | null; status?: string };

/** "MAT-00001 — Lease dispute", or the name alone; a closed matter says so. */
export function matterOptionLabel(matter: MatterNames): string {
  const name = matter.matterName ?? '';
  const label = matter.matterNumber ? `${matter.matterNumber} — ${name}` : name;
  return `${label}${matter.status === 'Closed' ? ' (closed)' : ''}`;
}
