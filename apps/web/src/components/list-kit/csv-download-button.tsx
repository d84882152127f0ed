import { Button, type ButtonProps } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/toasts.ts';

export type CsvDownloadButtonProps = {
  /** Fetches the filtered list's CSV (every page) and saves it. */
  download: () => Promise<void>;
  label?: string;
  size?: ButtonProps['size'];
};

/** "Download CSV": busy while the file comes, a failure in an error toast (once: the API client shows its own). */
export function CsvDownloadButton({ download, label = 'Download CSV', size }: CsvDownloadButtonProps) {
  const [isDownloading, setIsDownloading] = useState(false);
  const start = async () => {
    if (isDownloading) return;
    setIsDownloading(true);
    try {
      await download();
    } catch (error) {
      if (!(error instanceof ApiError)) toast.error(error instanceof Error ? error.message : 'Download failed');
    } finally {
      setIsDownloading(false);
    }
  };
  return (
    <Button variant="default" size={size} loading={isDownloading} onClick={() => void start()}>
      {label}
    </Button>
  );
}
