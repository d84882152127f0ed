import { ADMINISTRATOR } from './permission-names.ts';

/**
 * Permissions that a different grant also satisfies (SPEC.md §6): progress notes and court
 * updates were once a single "activity" permission, so older roles still carry that name.
 */
const ALTERNATIVES: Readonly<Record<string, readonly string[]>> = {
  progressNote: ['activity', 'progressNote'],
  courtUpdate: ['activity', 'courtUpdate'],
  'progressNote.create': ['activity.create', 'progressNote.create'],
  'progressNote.edit': ['activity.create', 'progressNote.edit'],
  'progressNote.delete': ['activity.create', 'progressNote.delete'],
  'courtUpdate.create': ['activity.create', 'courtUpdate.create'],
  'courtUpdate.edit': ['activity.create', 'courtUpdate.edit'],
  'courtUpdate.delete': ['activity.create', 'courtUpdate.delete'],
};

/** True when every required permission is held; 'administrator' passes every check. */
export function hasPermissions(held: readonly string[], required: readonly string[]): boolean {
  if (held.includes(ADMINISTRATOR)) return true;
  return required.every((permission) => {
    const accepted = ALTERNATIVES[permission] ?? [permission];
    return accepted.some((name) => held.includes(name));
  });
}
