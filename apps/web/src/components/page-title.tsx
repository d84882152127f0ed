/** The product's name, last in every page's title (and index.html's title before a page draws one). */
export const APP_NAME = 'Matterhorn';

const SEPARATOR = ' · ';

/** A part of a title; a missing one (a record not loaded yet) is left out. */
export type TitlePart = string | null | undefined | false;

/** "INV-00002 · Invoices · Matterhorn": the parts that are there, most specific first, then the product. */
export function pageTitleText(parts: readonly TitlePart[]): string {
  const present = parts.flatMap((part) => (typeof part === 'string' && part.trim() !== '' ? [part.trim()] : []));
  return [...present, APP_NAME].join(SEPARATOR);
}

/**
 * The document's title for the page that renders it, so each tab says which page it is (WCAG
 * 2.4.2): React 19 moves a rendered <title> and <meta> into <head>, and takes them out when the
 * page goes, which leaves index.html's title. A public page adds the one-sentence description
 * search engines and link previews show.
 *
 * The parts, most specific first: the page's heading, then the page it belongs to ("Add New
 * Client · Clients", "Trial balance · Accounting", "Team · Settings"); a record by its name and its
 * list ("INV-00002 · Invoices"), by the list alone while it loads; a tab chosen in the URL before
 * the record ("Time · Estate of Babbage · Matters"), but for a record's first tab, its overview; a
 * portal page by the firm ("Invoices · Obi & Co", "Client portal" until the name is known).
 */
export function PageTitle({ parts, description }: { parts: readonly TitlePart[]; description?: string }) {
  return (
    <>
      <title>{pageTitleText(parts)}</title>
      {description && <meta name="description" content={description} />}
    </>
  );
}
