import { Text } from '@mantine/core';
import { firmPortalMessageSendRoute, firmPortalMessagesMarkReadRoute, firmPortalMessagesRoute } from '@matterhorn/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callContract } from '../../../lib/api/call-contract.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { MessageThread } from '../../../components/message-thread.tsx';
import { downloadMessageAttachment, uploadMessageAttachment } from '../api/message-attachments.ts';

const threadQuery = (matterId: string) =>
  queryOptions({
    queryKey: ['portal-messages', matterId],
    queryFn: async () => (await callContract(firmPortalMessagesRoute, { query: { MatterId: matterId } })).data,
    refetchInterval: 30_000,
  });

/** The matter view's Messages tab: the secure thread with the matter's client, as the firm reads it. */
export function MatterMessagesTab({ matterId, clientName }: { matterId: string; clientName: string }) {
  const queryClient = useQueryClient();
  const thread = useQuery(threadQuery(matterId));
  const unreadFromClient = thread.data?.messages.filter((message) => message.senderKind === 'client' && !message.readAt).length ?? 0;

  // Opening the tab reads the client's messages: they then see them read.
  useEffect(() => {
    if (unreadFromClient > 0)
      void callContract(firmPortalMessagesMarkReadRoute, { body: { matterId } }, { silent: true }).then(() =>
        queryClient.invalidateQueries({ queryKey: ['portal-messages', matterId] }),
      );
  }, [unreadFromClient, matterId, queryClient]);

  if (thread.isPending) return <LoadingSpinner label="Loading messages" />;
  if (!thread.data) return <Text c="red.8">The messages could not be loaded.</Text>;
  return (
    <MessageThread
      messages={thread.data.messages}
      hasOlder={thread.data.hasOlder}
      timeZone={thread.data.timeZone}
      readerSide="firm"
      otherSideName={clientName}
      onUpload={(file) => uploadMessageAttachment(matterId, file)}
      onDownload={(attachment) => downloadMessageAttachment(attachment.id, attachment.fileName)}
      onSend={async (body, attachmentIds, writingSeconds) => {
        await callContract(firmPortalMessageSendRoute, { body: { matterId, body, attachmentIds, writingSeconds } }, { silent: true });
        await queryClient.invalidateQueries({ queryKey: ['portal-messages', matterId] });
      }}
    />
  );
}
