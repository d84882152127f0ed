import { describe, expect, it } from 'vitest';

/**
 * Every page module's source, read as text: the features' pages, the app's own (not found,
 * unauthorized, errors) and the pages composed in app/routing from two features.
 */
const pageSources = import.meta.glob<string>(['../features/*/pages/*.tsx', './pages/*.tsx', './routing/*-page.tsx', '!**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Pages whose title another module draws, and which. */
const TITLED_ELSEWHERE: Record<string, string> = {
  // The folder's name is the page's heading and title, both drawn by FolderView (titleOrder 1).
  '../features/documents/pages/folder-page.tsx': '../features/documents/components/folder-view.tsx',
};
const elsewhereSources = import.meta.glob<string>('../features/documents/components/folder-view.tsx', {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('every page names the browser tab with <PageTitle> (WCAG 2.4.2)', () => {
  it('finds the pages', () => {
    expect(Object.keys(pageSources).length).toBeGreaterThan(80);
  });

  it.each(Object.keys(pageSources).sort())('%s', (path) => {
    const elsewhere = TITLED_ELSEWHERE[path];
    const source = elsewhere === undefined ? pageSources[path] : elsewhereSources[elsewhere];
    expect(source, `${path} renders no <PageTitle parts={[…]} />`).toMatch(/<PageTitle\b/);
  });
});
