import { withoutControlCharacters } from '@matterhorn/shared';

/**
 * A safe file name to keep and to send back: its last path part, without control or direction-override
 * characters, at most 200 characters; nothing left, "." or ".." (a folder, not a file, in any path)
 * become `fallback`.
 */
export function cleanFileName(name: string | undefined, fallback = 'attachment'): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = withoutControlCharacters(base).replaceAll('"', '').trim();
  return (cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : fallback).slice(0, 200);
}

/** `attachment` (or `inline`), with the name as plain ASCII and as RFC 5987 UTF-8 for the browsers that read it. */
export function contentDispositionOf(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
