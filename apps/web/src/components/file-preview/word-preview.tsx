import { Alert } from '@mantine/core';
import { useEffect, useState } from 'react';
import { LoadingSpinner } from '../loading-spinner.tsx';
import classes from './file-preview.module.css';

/**
 * A Word document as the server rendered it. The HTML is set as markup only because the server
 * made it and sanitised it with an allow-list (paragraphs, lists, tables, web links, embedded
 * images; no scripts, handlers or outside resources): `loadHtml` must never hand over anything else.
 */
export function WordPreview({ loadHtml, fileKey, name }: { loadHtml: () => Promise<string>; fileKey: string; name: string }) {
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    setHtml(null);
    setError(null);
    loadHtml()
      .then((loaded) => isCurrent && setHtml(loaded))
      .catch((failure: unknown) => isCurrent && setError(failure instanceof Error ? failure.message : 'The preview could not be loaded'));
    return () => {
      isCurrent = false;
    };
    // `loadHtml` is a new function on every render; the document it loads is named by fileKey.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fileKey]);

  if (error) return <Alert color="red">{error}</Alert>;
  if (html === null) return <LoadingSpinner />;
  return (
    <div
      role="document"
      aria-label={`Preview of ${name}`}
      // Focusable, so the keyboard can scroll it.
      tabIndex={0}
      className={classes.document}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
