import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/msw/server.ts';
import { TestProviders } from '../../../test/render.tsx';
import { SigningDocument } from '../components/signing-document.tsx';

// PDF.js itself does not run in jsdom: a two-page document stands in for it, drawn at once.
vi.mock('../utils/pdf-document.ts', () => {
  const page = {
    getViewport: ({ scale }: { scale: number }) => ({ width: 595 * scale, height: 842 * scale }),
    render: () => ({ promise: Promise.resolve(), cancel: () => {} }),
  };
  const pdf = { numPages: 2, getPage: () => Promise.resolve(page), destroy: () => Promise.resolve() };
  return { loadPdfjs: () => Promise.resolve({}), openPdfDocument: () => Promise.resolve(pdf) };
});

const A4 = { width: 1240, height: 1754 };

function show(token: string, onPageDrawn = vi.fn()) {
  render(
    <TestProviders>
      <SigningDocument
        documentUrl={`/api/public/signing/${token}/document`}
        name="Letter.pdf"
        onPageDrawn={onPageDrawn}
        renderOverlay={(page) => <button type="button">{`Sign here on page ${page}`}</button>}
      />
    </TestProviders>,
  );
  return onPageDrawn;
}

const answerLayout = (token: string, pages: number) =>
  server.use(
    http.get(`*/api/public/signing/${token}/pages`, () =>
      HttpResponse.json({ success: true, message: 'Pages', data: { width: 1240, pages: Array.from({ length: pages }, () => A4) } }),
    ),
  );
const answerPdf = (token: string) =>
  server.use(http.get(`*/api/public/signing/${token}/document`, () => new HttpResponse(new ArrayBuffer(8), { status: 200 })));

/** PDF.js is imported, and compiled, on its first use: on a busy test worker that alone takes seconds. */
const PDF_JS_LOADS = { timeout: 15_000 };

describe('the document on the signing page', { timeout: 30_000 }, () => {
  it('shows the server’s page images, the first at once and the rest lazily, each sized before it arrives, with the places over them', async () => {
    answerLayout('images', 3);
    const onPageDrawn = show('images');
    const first = await screen.findByRole('group', { name: 'Letter.pdf, page 1 of 3' });
    expect(screen.getAllByRole('group', { name: /^Letter\.pdf, page \d of 3$/ })).toHaveLength(3);
    const images = screen.getAllByRole('presentation');
    expect(images.map((image) => image.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    expect(images[0]).toHaveAttribute('src', '/api/public/signing/images/pages/1');
    expect(images.map((image) => [image.getAttribute('width'), image.getAttribute('height')])).toEqual(Array(3).fill(['1240', '1754']));
    expect(first).not.toHaveAttribute('data-drawn');
    expect(screen.getByRole('button', { name: 'Sign here on page 2' })).toBeInTheDocument();

    fireEvent.load(images[0]!);
    expect(first).toHaveAttribute('data-drawn', 'true');
    expect(onPageDrawn).toHaveBeenCalledWith(1);
  });

  it('reads the PDF with PDF.js when the server has no page images of it', async () => {
    server.use(
      http.get('*/api/public/signing/no-images/pages', () =>
        HttpResponse.json({ success: false, message: 'This document is shown without page images' }, { status: 422 }),
      ),
    );
    answerPdf('no-images');
    show('no-images');
    await waitFor(() => expect(screen.getAllByRole('group', { name: /^Letter\.pdf, page \d of 2$/ })).toHaveLength(2), PDF_JS_LOADS);
    expect(screen.queryByRole('presentation')).not.toBeInTheDocument();
  });

  it('reads the PDF with PDF.js when a page image fails to load', async () => {
    answerLayout('broken-image', 3);
    answerPdf('broken-image');
    show('broken-image');
    await screen.findByRole('group', { name: 'Letter.pdf, page 1 of 3' });
    fireEvent.error(screen.getAllByRole('presentation')[0]!);
    await waitFor(() => expect(screen.getAllByRole('group', { name: /^Letter\.pdf, page \d of 2$/ })).toHaveLength(2), PDF_JS_LOADS);
    expect(screen.getByRole('button', { name: 'Sign here on page 2' })).toBeInTheDocument();
  });
});
