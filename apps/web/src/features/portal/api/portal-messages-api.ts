import {
  pathOf,
  portalMessageAttachmentFilePath,
  portalMessageAttachmentUploadRoute,
  portalMessageSendRoute,
  portalMessagesMarkReadRoute,
  portalMessagesRoute,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';
import { downloadFile } from '../../../lib/download-csv.ts';
import { clientToken } from '../../../lib/session-storage.ts';
import { clientCall, postWithFile } from './portal-api.ts';

// The Messages tab's calls.

/** A matter's secure messages with the firm. */
export const portalMessagesQuery = (clientId: string | null, matterId: string) =>
  queryOptions({
    queryKey: ['portal', clientId, 'messages', matterId],
    queryFn: async () => (await callContract(portalMessagesRoute, { query: { MatterId: matterId } }, clientCall)).data,
    enabled: clientId !== null && matterId !== '',
    // A conversation: look for the firm's answer while the tab is open.
    refetchInterval: 30_000,
  });

export const sendPortalMessage = (matterId: string, body: string, attachmentIds: string[] = []) =>
  callContract(portalMessageSendRoute, { body: { matterId, body, attachmentIds } }, { auth: 'client', silent: true });

/** A file for the message being written: filed in the matter's "From client" folder and scanned. */
export const uploadPortalAttachment = async (matterId: string, file: File) =>
  portalMessageAttachmentUploadRoute.response.parse(
    await postWithFile(pathOf(portalMessageAttachmentUploadRoute), { MatterId: matterId }, file, `${file.name} could not be attached`),
  );

export const downloadPortalAttachment = (id: string, fileName: string) =>
  downloadFile(pathOf(portalMessageAttachmentFilePath, { id }), fileName, '*/*', clientToken());

export const markPortalMessagesRead = (matterId: string) =>
  callContract(portalMessagesMarkReadRoute, { body: { matterId } }, { auth: 'client', silent: true });
