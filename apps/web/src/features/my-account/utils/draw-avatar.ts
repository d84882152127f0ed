/** The centred square of a width × height image: what a round avatar shows of it. */
export function squareCropOf(width: number, height: number): { x: number; y: number; side: number } {
  const side = Math.min(width, height);
  return { x: Math.round((width - side) / 2), y: Math.round((height - side) / 2), side };
}

/** Encodes the drawn avatar as a JPEG data URL at a quality from 0 to 1. */
export type AvatarEncoder = (quality: number) => string;

/**
 * Draws an image file's centred square at `side` × `side` pixels on a white ground (JPEG has no
 * transparency), in a canvas: the browser's own decoder, so any image it can show will do. Rejects
 * when the file cannot be decoded as an image.
 */
export async function drawAvatar(file: File, side: number): Promise<AvatarEncoder> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = side;
    canvas.height = side;
    const context = canvas.getContext('2d');
    if (!context || image.naturalWidth === 0 || image.naturalHeight === 0) throw new Error('The image has nothing to draw');
    const crop = squareCropOf(image.naturalWidth, image.naturalHeight);
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, side, side);
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, crop.x, crop.y, crop.side, crop.side, 0, 0, side, side);
    return (quality) => canvas.toDataURL('image/jpeg', quality);
  } finally {
    URL.revokeObjectURL(url);
  }
}
