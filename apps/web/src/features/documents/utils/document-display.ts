import { DOCUMENT_TYPES } from '@matterhorn/shared';

const pad = (value: number) => String(value).padStart(2, '0');

/** DD/MM/YYYY in the user's time zone (GUIDE.md §6). */
export function displayDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** DD/MM/YYYY HH:mm, for check-out expiries and version times. */
export function displayDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${displayDate(iso)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The type's name users know (PDF, Word…), from the content type the server detected. */
export function documentTypeName(contentType: string): string {
  return DOCUMENT_TYPES[contentType] ?? (contentType.split('/')[1]?.toUpperCase() || 'File');
}

/** The first 12 characters of a SHA-256: enough to tell versions apart on screen. */
export const shortHash = (sha256: string) => sha256.slice(0, 12);
