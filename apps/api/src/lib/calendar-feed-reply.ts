import type { FastifyReply } from 'fastify';
import { notFound } from './errors.ts';

/** The secret token of a feed file named `<token>.ics`. */
export function feedTokenOf(file: string): string {
  const token = /^(.+)\.ics$/.exec(file)?.[1];
  if (!token) throw notFound('Calendar');
  return token;
}

/** An iCalendar feed whose URL is a secret: no shared cache may keep the answer (calendar apps poll it anyway). */
export const sendCalendarFeed = (reply: FastifyReply, text: string) =>
  reply
    .header('content-type', 'text/calendar; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(text);
