import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EMAIL_SUBJECT_PATHS,
  emailDeliveryQuerySchema,
  emailDeliverySchema,
  idParamsSchema,
  INVOICE_TRANSITIONS,
} from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { answers, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { Outbox } from './outbox.ts';
import { findLatestDeliveries, requeueFailedMessage, type MessageDelivery, type OutgoingMessageKind } from './outbox.repository.ts';

/** Who may see an email's delivery (whoever sees the thing) and retry it (whoever may send it). */
const ACCESS: Record<OutgoingMessageKind, { read: string; retry: string }> = {
  invoice: { read: 'invoice', retry: INVOICE_TRANSITIONS.send.permission },
  trustRequest: { read: 'trustAccountRequest', retry: 'trustAccountRequest.edit' },
  teamInvitation: { read: 'adminUsers', retry: 'adminUsers.create' },
};

const toDelivery = (row: MessageDelivery) => ({
  aboutId: row.aboutId,
  recipient: row.recipient,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: new Date(row.createdAt).toISOString(),
  sentAt: row.sentAt ? new Date(row.sentAt).toISOString() : null,
});

/** The delivery of the emails that deliver an invoice, a trust request or a team invitation, and their retry. */
export function registerOutgoingEmailRoutes(app: FastifyInstance, { database, outbox }: { database: Database; outbox: Outbox }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Email delivery'];
  for (const [kind, path] of Object.entries(EMAIL_SUBJECT_PATHS) as [OutgoingMessageKind, string][]) {
    const base = `/api/admin/email-delivery/${path}`;
    routes.get(
      base,
      {
        config: { access: firmAccess(ACCESS[kind].read) },
        schema: {
          tags,
          summary: `The latest email about each ${path} named in ids (comma-separated): pending, sent or failed`,
          description:
            'Answers, for each id that has had an email, its latest one: to whom, whether it is pending, sent or failed, how many attempts it took and the last error. ' +
            'Ids of another firm, or with no email yet, are left out of the answer.',
          querystring: emailDeliveryQuerySchema,
          response: answers(z.array(emailDeliverySchema)),
        },
      },
      async (request) => {
        const { firmId } = firmPrincipalOf(request);
        const rows = await database.withFirm(firmId, (tx) => findLatestDeliveries(tx, firmId, kind, request.query.ids), READ_ONLY);
        return ok('Email delivery', rows.map(toDelivery));
      },
    );
    routes.post(
      `${base}/:id/retry`,
      {
        config: { access: firmAccess(ACCESS[kind].retry) },
        schema: {
          tags,
          summary: `Queue the failed latest email about this ${path} again, with a fresh count of attempts`,
          description:
            'Puts the latest email back in line to be sent at once, its attempts counted from 0 and its error cleared, and answers its delivery, now pending. ' +
            'Refused with 404 when the latest email about it has not failed (pending or sent) or there is none.',
          params: idParamsSchema,
          response: answers(emailDeliverySchema),
        },
      },
      async (request) => {
        const { firmId } = firmPrincipalOf(request);
        const { id } = request.params;
        const row = await database.withFirm(firmId, async (tx) => {
          if (!(await requeueFailedMessage(tx, firmId, kind, id))) throw notFound('Failed email');
          return (await findLatestDeliveries(tx, firmId, kind, [id]))[0]!;
        });
        // Sent once the answer is out (after the commit), as any newly queued email.
        outbox.noteQueued();
        return ok('Email queued again', toDelivery(row));
      },
    );
  }
}
