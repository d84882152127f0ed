import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PageTitle, pageTitleText, type TitlePart } from './page-title.tsx';

const descriptionOf = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content') ?? null;

describe('pageTitleText', () => {
  it.each<[TitlePart[], string]>([
    [['Time Entries'], 'Time Entries · Matterhorn'],
    [['INV-00002', 'Invoices'], 'INV-00002 · Invoices · Matterhorn'],
    [['Time', 'Estate of Babbage', 'Matters'], 'Time · Estate of Babbage · Matters · Matterhorn'],
    // A record not loaded yet, a tab that adds nothing: the parts that are there.
    [[undefined, 'Matters'], 'Matters · Matterhorn'],
    [[null, false, '  ', 'Clients'], 'Clients · Matterhorn'],
    [['  Ada Lovelace ', 'Clients'], 'Ada Lovelace · Clients · Matterhorn'],
    [[], 'Matterhorn'],
  ])('%j reads %s', (parts, title) => {
    expect(pageTitleText(parts)).toBe(title);
  });
});

describe('PageTitle', () => {
  // index.html's title, which the app starts with and falls back to.
  beforeEach(() => {
    document.head.innerHTML = '<title>Matterhorn</title>';
  });
  afterEach(() => {
    // The page goes first: React takes out the <title> it put in.
    cleanup();
    document.head.innerHTML = '';
  });

  it('names the document from wherever it is rendered, and gives index.html’s title back when the page goes', () => {
    const { rerender, unmount } = render(
      <main>
        <PageTitle parts={['Clients']} />
      </main>,
    );
    expect(document.title).toBe('Clients · Matterhorn');
    // In <head>, not in the page's markup.
    expect(document.querySelector('main title')).toBeNull();

    rerender(
      <main>
        <PageTitle parts={['Ada Lovelace', 'Clients']} />
      </main>,
    );
    expect(document.title).toBe('Ada Lovelace · Clients · Matterhorn');

    unmount();
    expect(document.title).toBe('Matterhorn');
  });

  it('adds a description only when given one, and takes it away with the page', () => {
    const { unmount } = render(<PageTitle parts={['Sign in']} description="Sign in to your firm." />);
    expect(descriptionOf()).toBe('Sign in to your firm.');
    unmount();
    expect(descriptionOf()).toBeNull();

    render(<PageTitle parts={['Dashboard']} />);
    expect(descriptionOf()).toBeNull();
  });
});
