import { Typography } from '@mantine/core';

/**
 * A progress note's body as markup, for the firm's view and the client portal. dangerouslySetInnerHTML
 * is safe here only because `bodyHtml` comes from the server already sanitised (an allowlist of text tags and http(s)/mailto links, no scripts or
 * handlers), and markup set this way never runs a <script> anyway.
 */
export function NoteBody({ html }: { html: string }) {
  return (
    <Typography data-testid="progress-note-body">
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
