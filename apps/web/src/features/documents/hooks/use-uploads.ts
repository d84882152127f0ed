import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { documentKeys } from '../api/document-keys.ts';
import { getFolder } from '../api/folders.ts';
import { documentSettingsQuery } from '../api/sharing.ts';
import { UploadError, uploadDocument, uploadNewVersion, type UploadProgress } from '../api/upload.ts';

export type UploadItem = {
  key: number;
  file: File;
  sentBytes: number;
  state: 'uploading' | 'done' | 'failed';
  message: string;
  /** On a name already in the folder (409): the document the file can become a new version of. */
  existingDocumentId: string | null;
};

/** The document of that exact name in the folder, for the "Upload as a new version" offer. */
async function documentNamed(folderId: string, name: string): Promise<string | null> {
  try {
    const contents = await getFolder({ FolderId: folderId, GeneralSearchText: name, page: 1, size: 20 });
    return contents.documents.data.find((document) => document.name === name)?.id ?? null;
  } catch {
    return null;
  }
}

/** Files uploading into one folder, each with its own request, progress and result. */
export function useUploads(folderId: string | null) {
  const queryClient = useQueryClient();
  const isDirect = useQuery(documentSettingsQuery).data?.isDirectUploadEnabled ?? false;
  const [items, setItems] = useState<UploadItem[]>([]);
  const nextKey = useRef(1);

  const update = useCallback((key: number, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const run = useCallback(
    async (key: number, file: File, send: (onProgress: UploadProgress) => Promise<unknown>, doneMessage: string) => {
      update(key, { state: 'uploading', sentBytes: 0, message: '', existingDocumentId: null });
      try {
        await send((sentBytes) => update(key, { sentBytes }));
        update(key, { state: 'done', sentBytes: file.size, message: doneMessage });
        void queryClient.invalidateQueries({ queryKey: documentKeys.all() });
      } catch (error) {
        const message = error instanceof Error ? error.message : `${file.name} could not be uploaded`;
        const isNameTaken = error instanceof UploadError && error.status === 409 && folderId !== null;
        const existingDocumentId = isNameTaken ? await documentNamed(folderId, file.name) : null;
        update(key, { state: 'failed', message, existingDocumentId });
      }
    },
    [folderId, queryClient, update],
  );

  const upload = useCallback(
    (files: File[]) => {
      if (!folderId) return;
      const added = files.map((file) => ({
        key: nextKey.current++,
        file,
        sentBytes: 0,
        state: 'uploading' as const,
        message: '',
        existingDocumentId: null,
      }));
      setItems((current) => [...added, ...current]);
      for (const item of added) {
        void run(item.key, item.file, (onProgress) => uploadDocument({ FolderId: folderId }, item.file, onProgress, isDirect), 'Uploaded');
      }
    },
    [folderId, run, isDirect],
  );

  const uploadAsNewVersion = useCallback(
    (item: UploadItem) => {
      const documentId = item.existingDocumentId;
      if (!documentId) return;
      void run(
        item.key,
        item.file,
        (onProgress) => uploadNewVersion(documentId, item.file, undefined, onProgress, isDirect),
        'Uploaded as a new version',
      );
    },
    [run, isDirect],
  );

  const clearFinished = useCallback(() => setItems((current) => current.filter((item) => item.state === 'uploading')), []);

  return { items, upload, uploadAsNewVersion, clearFinished };
}
