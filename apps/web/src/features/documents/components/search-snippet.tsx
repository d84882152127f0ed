import type { DocumentSearchHit } from '@matterhorn/shared';

/**
 * Where the words were found, matches marked. Each part is a React text node, never HTML: the text
 * comes from the firm's files, and a file may hold anything.
 */
export function SearchSnippet({ snippet }: { snippet: NonNullable<DocumentSearchHit['snippet']> }) {
  return (
    <p data-testid="search-snippet" style={{ margin: 0, fontSize: 'var(--mantine-font-size-sm)' }}>
      {snippet.map((part, index) => (part.isMatch ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}
    </p>
  );
}
