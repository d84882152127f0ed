import { describe, expect, it } from 'vitest';
import { squareCropOf } from './draw-avatar.ts';
import { isImageFile, PHOTO_MESSAGES, shrinkPhoto } from './shrink-photo.ts';

describe('squareCropOf', () => {
  it.each([
    [4000, 3000, { x: 500, y: 0, side: 3000 }],
    [3000, 4000, { x: 0, y: 500, side: 3000 }],
    [160, 160, { x: 0, y: 0, side: 160 }],
    [101, 100, { x: 1, y: 0, side: 100 }],
    [1, 640, { x: 0, y: 320, side: 1 }],
  ])('takes the centred square of %i × %i', (width, height, expected) => {
    expect(squareCropOf(width, height)).toEqual(expected);
  });
});

describe('isImageFile', () => {
  it.each([
    ['image/jpeg', true],
    ['image/png', true],
    ['image/heic', true],
    ['application/pdf', false],
    ['text/plain', false],
    ['', false],
  ])('%j is an image: %s', (type, expected) => {
    expect(isImageFile(new File(['x'], 'chosen', { type }))).toBe(expected);
  });
});

describe('shrinkPhoto', () => {
  it('refuses a file that is not an image, saying so', async () => {
    await expect(shrinkPhoto(new File(['%PDF-1.7'], 'contract.pdf', { type: 'application/pdf' }))).rejects.toThrow(
      PHOTO_MESSAGES.notAnImage,
    );
  });
});
