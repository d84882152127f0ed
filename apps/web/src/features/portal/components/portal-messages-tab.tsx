import { Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { MessageThread } from '../../../components/message-thread.tsx';
import { PortalMatterSelect, useChosenMatterId } from './portal-matter-select.tsx';
import { usePortalMatters } from '../api/portal-api.ts';
import {
  downloadPortalAttachment,
  markPortalMessagesRead,
  portalMessagesQuery,
  sendPortalMessage,
  uploadPortalAttachment,
} from '../api/portal-messages-api.ts';

/** The Messages tab: a secure thread with the firm per matter (?matterId=), read receipts both ways. */
export function PortalMessagesTab({ clientId, firmName }: { clientId: string | null; firmName: string }) {
  const queryClient = useQueryClient();
  const matters = usePortalMatters(clientId);
  const matterId = useChosenMatterId(matters.data);
  const thread = useQuery(portalMessagesQuery(clientId, matterId));
  const unreadFromFirm = thread.data?.messages.filter((message) => message.senderKind === 'firm' && !message.readAt).length ?? 0;

  // Opening the thread reads it: the firm then sees its messages read.
  useEffect(() => {
    if (unreadFromFirm > 0)
      void markPortalMessagesRead(matterId).then(() =>
        queryClient.invalidateQueries({ queryKey: ['portal', clientId, 'messages', matterId] }),
      );
  }, [unreadFromFirm, matterId, clientId, queryClient]);

  if (matters.data?.length === 0) return <Text size="sm">Your firm has no matters for you yet.</Text>;
  return (
    <Stack>
      <PortalMatterSelect matters={matters.data} matterId={matterId} />
      {thread.isPending ? (
        <LoadingSpinner label="Loading messages" />
      ) : thread.data ? (
        <MessageThread
          messages={thread.data.messages}
          hasOlder={thread.data.hasOlder}
          timeZone={thread.data.timeZone}
          readerSide="client"
          otherSideName={firmName}
          onUpload={(file) => uploadPortalAttachment(matterId, file)}
          onDownload={(attachment) => downloadPortalAttachment(attachment.id, attachment.fileName)}
          onSend={async (body, attachmentIds) => {
            await sendPortalMessage(matterId, body, attachmentIds);
            await queryClient.invalidateQueries({ queryKey: ['portal', clientId, 'messages', matterId] });
          }}
        />
      ) : (
        <Text c="red.8">Your messages could not be loaded. Please try again later.</Text>
      )}
    </Stack>
  );
}
