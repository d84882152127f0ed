import {
  clientMessageContracts,
  clientMessageTemplatesRoute,
  clientOptInsRoute,
  retryClientMessageRoute,
  saveClientMessageTemplateRoute,
  setClientOptInsRoute,
  type ClientMessage,
  type ClientMessageTemplateList,
  type ClientOptIns,
  type SaveClientMessageTemplate,
  type SetClientOptIns,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

/** Client messages by SMS and WhatsApp: a matter's log, a client's opt-ins, the firm's templates (ADR 89, 90). */
export const clientMessageKeys = {
  all: () => ['client-messages'] as const,
  matterLog: (matterId: string) => ['client-messages', 'log', matterId] as const,
  optIns: (clientId: string) => ['client-messages', 'opt-ins', clientId] as const,
  templates: () => ['client-messages', 'templates'] as const,
};

export const matterClientMessagesQuery = (matterId: string) =>
  queryOptions({
    queryKey: clientMessageKeys.matterLog(matterId),
    queryFn: async () =>
      (await callContract(clientMessageContracts.list, { query: { MatterId: matterId, PageSize: 100 } }, { auth: 'firm' })).data,
  });

export async function retryClientMessage(id: string): Promise<ClientMessage> {
  return (await callContract(retryClientMessageRoute, { params: { id } }, { auth: 'firm', toastSuccess: true })).data;
}

export const clientOptInsQuery = (clientId: string) =>
  queryOptions({
    queryKey: clientMessageKeys.optIns(clientId),
    queryFn: async (): Promise<ClientOptIns> =>
      (await callContract(clientOptInsRoute, { query: { ClientId: clientId } }, { auth: 'firm', silent: true })).data,
  });

/** Silent: the form shows the refusal (an unreadable number's reason) under its field. */
export async function setClientOptIns(body: SetClientOptIns): Promise<ClientOptIns> {
  return (await callContract(setClientOptInsRoute, { body }, { auth: 'firm', toastSuccess: true })).data;
}

export const clientMessageTemplatesQuery = queryOptions({
  queryKey: clientMessageKeys.templates(),
  queryFn: async (): Promise<ClientMessageTemplateList> => (await callContract(clientMessageTemplatesRoute, {}, { auth: 'firm' })).data,
});

export async function saveClientMessageTemplate(body: SaveClientMessageTemplate): Promise<ClientMessageTemplateList> {
  return (await callContract(saveClientMessageTemplateRoute, { body }, { auth: 'firm', toastSuccess: true })).data;
}

export const messagingProvidersQuery = queryOptions({
  queryKey: ['client-messages', 'providers'] as const,
  queryFn: async () => (await callContract(clientMessageContracts.providers, {}, { auth: 'firm', silent: true })).data,
});
