import { Stack } from '@mantine/core';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { pageFrameStyle } from './page-frame.ts';

export type PdfPageStackProps = {
  pdf: PDFDocumentProxy;
  /** The document's name, for each page's text alternative. */
  name: string;
  /** Drawn over a page, in a box the page's size: fields placed in fractions of the page use percentages. */
  renderOverlay?: (pageNumber: number) => ReactNode;
  /** Called once a page is drawn (the signing page times its first one). */
  onPageDrawn?: (pageNumber: number) => void;
};

/** Pages further than this below the screen wait: a 20-page contract draws its first page before the rest. */
const DRAW_AHEAD = '800px 0px';
/** Sharper than the screen on a phone, but never a giant canvas for a huge page. */
const MAX_PIXEL_RATIO = 2;

/**
 * Every page of a PDF, one under the other; each is drawn as it comes near the screen, the first at
 * once. A page is a group (not an image) because the fields drawn over it are controls.
 */
export function PdfPageStack({ pdf, name, renderOverlay, onPageDrawn }: PdfPageStackProps) {
  const [firstPageRatio, setFirstPageRatio] = useState<number | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void pdf.getPage(1).then((page) => {
      const viewport = page.getViewport({ scale: 1 });
      if (isCurrent) setFirstPageRatio(viewport.width / viewport.height);
    });
    return () => {
      isCurrent = false;
    };
  }, [pdf]);
  if (firstPageRatio === null) return null;
  return (
    <Stack gap="md" w="100%" maw={880} mx="auto">
      {Array.from({ length: pdf.numPages }, (_, index) => (
        <PdfPage
          key={index + 1}
          pdf={pdf}
          pageNumber={index + 1}
          label={`${name}, page ${index + 1} of ${pdf.numPages}`}
          placeholderRatio={firstPageRatio}
          overlay={renderOverlay?.(index + 1)}
          onDrawn={onPageDrawn}
        />
      ))}
    </Stack>
  );
}

type PdfPageProps = {
  pdf: PDFDocumentProxy;
  pageNumber: number;
  label: string;
  placeholderRatio: number;
  overlay: ReactNode;
  onDrawn: ((pageNumber: number) => void) | undefined;
};

function PdfPage({ pdf, pageNumber, label, placeholderRatio, overlay, onDrawn }: PdfPageProps) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [isNear, setIsNear] = useState(pageNumber === 1);
  const [ratio, setRatio] = useState(placeholderRatio);
  const [width, setWidth] = useState(0);
  const [isDrawn, setIsDrawn] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const resize = new ResizeObserver(([entry]) => setWidth(Math.round(entry?.contentRect.width ?? 0)));
    resize.observe(element);
    if (isNear || typeof IntersectionObserver === 'undefined') return () => resize.disconnect();
    const near = new IntersectionObserver(([entry]) => entry?.isIntersecting && setIsNear(true), { rootMargin: DRAW_AHEAD });
    near.observe(element);
    return () => {
      resize.disconnect();
      near.disconnect();
    };
  }, [isNear]);

  useEffect(() => {
    const target = canvas.current;
    if (!isNear || !target || width === 0) return;
    let task: { cancel: () => void } | null = null;
    let isCurrent = true;
    void pdf.getPage(pageNumber).then((page) => {
      if (!isCurrent) return;
      const base = page.getViewport({ scale: 1 });
      setRatio(base.width / base.height);
      const scale = (width * Math.min(MAX_PIXEL_RATIO, window.devicePixelRatio || 1)) / base.width;
      const viewport = page.getViewport({ scale });
      target.width = Math.floor(viewport.width);
      target.height = Math.floor(viewport.height);
      const render = page.render({ canvas: target, viewport });
      task = render;
      render.promise
        .then(() => {
          if (!isCurrent) return;
          setIsDrawn(true);
          onDrawn?.(pageNumber);
        })
        .catch(() => {});
    });
    return () => {
      isCurrent = false;
      task?.cancel();
    };
    // onDrawn is a report, not an input of the drawing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pdf, pageNumber, isNear, width]);

  return (
    <div
      ref={box}
      role="group"
      aria-label={label}
      data-page-number={pageNumber}
      data-drawn={isDrawn || undefined}
      style={pageFrameStyle(String(ratio))}
    >
      <canvas ref={canvas} aria-hidden style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }} />
      {overlay}
    </div>
  );
}
