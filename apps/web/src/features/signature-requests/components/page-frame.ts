import type { CSSProperties } from 'react';

/** A page of the document on screen, drawn from an image or by PDF.js: a sheet of paper at the page's own proportions. */
export const pageFrameStyle = (aspectRatio: string): CSSProperties => ({
  position: 'relative',
  width: '100%',
  aspectRatio,
  background: 'white',
  boxShadow: '0 1px 4px rgba(0, 0, 0, 0.25)',
});
