import { DOCUMENT_TYPES } from '@matterhorn/shared';

export { displayDate, displayDateTime } from '../../../lib/date-time.ts';

/** The type's name users know (PDF, Word…), from the content type the server detected. */
export function documentTypeName(contentType: string): string {
  return DOCUMENT_TYPES[contentType] ?? (contentType.split('/')[1]?.toUpperCase() || 'File');
}

/** The first 12 characters of a SHA-256: enough to tell versions apart on screen. */
export const shortHash = (sha256: string) => sha256.slice(0, 12);
