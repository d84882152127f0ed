const pad = (value: number) => String(value).padStart(2, '0');

/** A moment as DD/MM/YYYY in the reader's time zone (GUIDE.md §6); '' for a value that is not one. */
export function displayDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** A moment as DD/MM/YYYY HH:mm in the reader's time zone; '' for a value that is not one. */
export function displayDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${displayDate(iso)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The firm-clock moment, said once in shared (GUIDE.md §10), for this file's readers. */
export { displayFirmDateTime } from '@matterhorn/shared';
