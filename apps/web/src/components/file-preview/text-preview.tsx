import { Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { LoadingSpinner } from '../loading-spinner.tsx';
import classes from './file-preview.module.css';

/** A long log or export is read in the page only this far: the whole file is a download away. */
export const TEXT_PREVIEW_MAX_BYTES = 1024 * 1024;

/** A text, CSV or email file as it is, in a scrolled region (as text: nothing in it is ever run as markup). */
export function TextPreview({ blob, name }: { blob: Blob; name: string }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void blob
      .slice(0, TEXT_PREVIEW_MAX_BYTES)
      .text()
      .then((read) => isCurrent && setText(read));
    return () => {
      isCurrent = false;
    };
  }, [blob]);

  if (text === null) return <LoadingSpinner />;
  return (
    <Stack gap="xs">
      {blob.size > TEXT_PREVIEW_MAX_BYTES && (
        <Text size="sm" c="dimmed">
          Only the first 1 MB is shown: download the file to read the rest.
        </Text>
      )}
      {/* Focusable, so the keyboard can scroll it. */}
      <div role="document" aria-label={`Preview of ${name}`} tabIndex={0} className={classes.document}>
        <pre className={classes.text}>{text}</pre>
      </div>
    </Stack>
  );
}
