import { extname } from 'node:path';

/** What a file's content was found to be: its MIME type, and the extension that type is known by. */
export type ContentType = { mime: string; ext: string };

/**
 * The other endings people give a type. A legacy Office or Outlook file is a compound file (cfb)
 * named for its program; .msi is left out on purpose, because an installer is a compound file too.
 */
const ALSO_NAMED: Readonly<Record<string, readonly string[]>> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/tiff': ['tif', 'tiff'],
  'image/heic': ['heic', 'heif', 'hif'],
  'image/heif': ['heic', 'heif', 'hif'],
  'application/x-cfb': ['doc', 'dot', 'xls', 'xlt', 'ppt', 'pps', 'pot', 'msg'],
  'audio/mpeg': ['mp3'],
  'audio/mp4': ['m4a', 'm4b'],
  'audio/x-m4a': ['m4a'],
  'audio/wav': ['wav', 'wave'],
  'audio/ogg': ['ogg', 'oga'],
  'audio/ogg; codecs=opus': ['opus', 'ogg', 'oga'],
  'video/mp4': ['mp4', 'm4v'],
};

/**
 * The name a stored file is filed and downloaded under: the uploader's, with its content's
 * extension added when the name ends in another one. A computer opens a saved file by its ending,
 * so a PDF named "x.html" would be opened as a web page with its script; it is kept as "x.html.pdf".
 */
export function downloadNameOf(fileName: string, type: ContentType): string {
  const ending = extname(fileName).slice(1).toLowerCase();
  const isNamedForType = ending === type.ext || (ALSO_NAMED[type.mime]?.includes(ending) ?? false);
  return isNamedForType ? fileName : `${fileName}.${type.ext}`;
}
