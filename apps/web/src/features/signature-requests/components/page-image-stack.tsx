import { Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { pageImageAddress } from '../api/signing-early.ts';
import type { PageLayout } from '../api/signing-api.ts';
import { pageFrameStyle } from './page-frame.ts';

export type PageImageStackProps = {
  layout: PageLayout;
  /** The document's name, for each page's text alternative. */
  name: string;
  /** Drawn over a page, in a box the page's size: fields placed in fractions of the page use percentages. */
  renderOverlay?: (pageNumber: number) => ReactNode;
  /** Called once a page's image is on the screen (the signing page times its first one). */
  onPageDrawn?: (pageNumber: number) => void;
  /** An image did not load: the caller shows the document another way (PDF.js). */
  onFailed: () => void;
};

/**
 * Every page of the document as the server drew it, one under the other: the first at once and
 * first in line, the rest as they come near the screen (the browser's lazy loading). Each box has
 * its page's proportions from the start, so nothing moves as the images arrive. A page is a group
 * (not an image) because the fields drawn over it are controls; the image itself is decorative.
 */
export function PageImageStack({ layout, name, renderOverlay, onPageDrawn, onFailed }: PageImageStackProps) {
  return (
    <Stack gap="md" w="100%" maw={880} mx="auto">
      {layout.pages.map((size, index) => (
        <PageImage
          key={index + 1}
          address={pageImageAddress(layout.pagesAddress, index + 1)}
          pageNumber={index + 1}
          size={size}
          label={`${name}, page ${index + 1} of ${layout.pages.length}`}
          overlay={renderOverlay?.(index + 1)}
          onDrawn={onPageDrawn}
          onFailed={onFailed}
        />
      ))}
    </Stack>
  );
}

type PageImageProps = {
  address: string;
  pageNumber: number;
  size: { width: number; height: number };
  label: string;
  overlay: ReactNode;
  onDrawn: ((pageNumber: number) => void) | undefined;
  onFailed: () => void;
};

function PageImage({ address, pageNumber, size, label, overlay, onDrawn, onFailed }: PageImageProps) {
  const [isDrawn, setIsDrawn] = useState(false);
  const isFirst = pageNumber === 1;
  return (
    <div
      role="group"
      aria-label={label}
      data-page-number={pageNumber}
      data-drawn={isDrawn || undefined}
      style={pageFrameStyle(`${size.width} / ${size.height}`)}
    >
      <img
        src={address}
        alt=""
        width={size.width}
        height={size.height}
        loading={isFirst ? 'eager' : 'lazy'}
        fetchPriority={isFirst ? 'high' : 'low'}
        decoding={isFirst ? 'sync' : 'async'}
        draggable={false}
        onLoad={() => {
          setIsDrawn(true);
          onDrawn?.(pageNumber);
        }}
        onError={onFailed}
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', display: 'block' }}
      />
      {overlay}
    </div>
  );
}
