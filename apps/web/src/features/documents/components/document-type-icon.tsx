import {
  IconFile,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypeDocx,
  IconFileTypePdf,
  IconFileZip,
  IconMail,
  IconMovie,
  IconMusic,
  IconPhoto,
  IconPresentation,
  type Icon,
} from '@tabler/icons-react';

const ICONS_BY_TYPE: Readonly<Record<string, Icon>> = {
  'application/pdf': IconFileTypePdf,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': IconFileTypeDocx,
  'application/vnd.oasis.opendocument.text': IconFileText,
  'application/rtf': IconFileText,
  'text/plain': IconFileText,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': IconFileSpreadsheet,
  'application/vnd.oasis.opendocument.spreadsheet': IconFileSpreadsheet,
  'text/csv': IconFileSpreadsheet,
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': IconPresentation,
  'message/rfc822': IconMail,
  'application/zip': IconFileZip,
};

/** The icon for a content type: by the exact type, then by its family (any image, sound or video). */
export function documentIconOf(contentType: string): Icon {
  const family = contentType.split('/')[0];
  return (
    ICONS_BY_TYPE[contentType] ??
    (family === 'image' ? IconPhoto : family === 'audio' ? IconMusic : family === 'video' ? IconMovie : IconFile)
  );
}

/** Decoration beside a document's name: the name is what a screen reader reads, so the icon is hidden from it. */
export function DocumentTypeIcon({ contentType, size = 18 }: { contentType: string; size?: number }) {
  const TypeIcon = documentIconOf(contentType);
  return <TypeIcon size={size} stroke={1.5} aria-hidden style={{ flexShrink: 0 }} />;
}
