import { EMAIL_SUBJECT_PATHS, emailDeliverySchema, type EmailDelivery } from '@matterhorn/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { apiRequest, type ApiEnvelope } from './api-client.ts';

/** What an email may be about: an invoice, a trust request, a team invitation. */
export type EmailSubject = keyof typeof EMAIL_SUBJECT_PATHS;

const basePath = (subject: EmailSubject) => `/admin/email-delivery/${EMAIL_SUBJECT_PATHS[subject]}`;

export const emailDeliveryKeys = {
  all: ['email-delivery'] as const,
  of: (subject: EmailSubject, ids: string[]) => ['email-delivery', subject, [...ids].sort().join(',')] as const,
};

/** The latest email about each of the ids (none: nothing was emailed), by id. */
export const emailDeliveriesQuery = (subject: EmailSubject, ids: string[]) =>
  queryOptions({
    queryKey: emailDeliveryKeys.of(subject, ids),
    queryFn: async (): Promise<Record<string, EmailDelivery>> => {
      const envelope = await apiRequest<ApiEnvelope<unknown>>(basePath(subject), {
        auth: 'firm',
        query: { ids: ids.join(',') },
        silent: true,
      });
      const deliveries = z.array(emailDeliverySchema).parse(envelope.data);
      return Object.fromEntries(deliveries.map((delivery) => [delivery.aboutId, delivery]));
    },
    enabled: ids.length > 0,
    // A queued email is usually sent within seconds: look again while one is still pending.
    refetchInterval: (query) => (Object.values(query.state.data ?? {}).some((delivery) => delivery.status === 'pending') ? 5_000 : false),
  });

export function useEmailDeliveries(subject: EmailSubject, ids: string[]) {
  return useQuery(emailDeliveriesQuery(subject, ids));
}

/**
 * Puts the failed email back in line; the deliveries shown refresh. Plain state, not useMutation:
 * nothing else in the web uses it, and it would add its observer to the query chunk every page loads.
 */
export function useRetryEmail(subject: EmailSubject) {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  const retry = async (id: string) => {
    setPending(true);
    try {
      await apiRequest<ApiEnvelope<unknown>>(`${basePath(subject)}/${encodeURIComponent(id)}/retry`, {
        method: 'POST',
        auth: 'firm',
        toastSuccess: true,
      });
    } catch {
      // The api client has already shown the server's message.
    } finally {
      setPending(false);
      await queryClient.invalidateQueries({ queryKey: emailDeliveryKeys.all });
    }
  };
  return { isPending, retry };
}
