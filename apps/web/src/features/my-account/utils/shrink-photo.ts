import { PHOTO_MAX_LENGTH } from '@matterhorn/shared';
import { drawAvatar } from './draw-avatar.ts';

/** The avatar's side in pixels: sharp at twice the size it is shown (80 px), a few KB as JPEG. */
export const AVATAR_SIDE = 160;
/** Best first; a lower one only if a busy photo would pass the API's limit (it never has at 160 px). */
const JPEG_QUALITIES = [0.85, 0.7, 0.5];

export const PHOTO_MESSAGES = {
  notAnImage: 'That file is not an image. Choose a photo, such as a JPEG, PNG or WebP file.',
  unreadable: 'That image could not be read. Choose another photo.',
} as const;

/** A chosen file refused, with the words for the person who chose it. */
export class PhotoError extends Error {}

export const isImageFile = (file: File) => file.type.startsWith('image/');

/**
 * A chosen photo as the small square JPEG data URL the API stores (PNG, JPEG or WebP under 100 KB):
 * shrunk in the browser, so a phone's 5 MB photo travels as a few KB and any image format it can
 * show will do.
 */
export async function shrinkPhoto(file: File): Promise<string> {
  if (!isImageFile(file)) throw new PhotoError(PHOTO_MESSAGES.notAnImage);
  const encode = await drawAvatar(file, AVATAR_SIDE).catch(() => {
    throw new PhotoError(PHOTO_MESSAGES.unreadable);
  });
  for (const quality of JPEG_QUALITIES) {
    const dataUrl = encode(quality);
    if (dataUrl.length <= PHOTO_MAX_LENGTH) return dataUrl;
  }
  throw new PhotoError(PHOTO_MESSAGES.unreadable);
}
