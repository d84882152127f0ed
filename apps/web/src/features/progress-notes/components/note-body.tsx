import { Typography } from '@mantine/core';

/**
 * A note's body as markup. dangerouslySetInnerHTML is safe here only because `bodyHtml` comes from
 * the server already sanitised (an allowlist of text tags and http(s)/mailto links, no scripts or
 * handlers), and markup set this way never runs a <script> anyway.
 */
export function NoteBody({ html }: { html: string }) {
  return (
    <Typography data-testid="progress-note-body">
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
