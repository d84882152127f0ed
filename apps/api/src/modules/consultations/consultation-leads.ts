import type { Tx } from '../../db/database.ts';
import { displayNameOf, findLead, markLeadStatus, recordLeadEvent } from '../leads/leads.api.ts';

/** What a consultation needs of its lead, through the leads module's surface only. */
export type ConsultationLead = { id: string; name: string; email: string | null; assigneeUserId: string | null; status: string };

export async function findConsultationLead(tx: Tx, firmId: string, leadId: string): Promise<ConsultationLead | null> {
  const lead = await findLead(tx, firmId, leadId);
  return lead
    ? { id: lead.id, name: displayNameOf(lead), email: lead.email, assigneeUserId: lead.assigneeUserId, status: lead.status }
    : null;
}

/**
 * The lead's timeline says what happened to its consultation; booking moves a New or Contacted lead
 * to Consultation booked, and cancelling moves it back to Contacted (other states are left as they are).
 */
export async function tellLead(
  tx: Tx,
  actor: { firmId: string; userId: string | null },
  lead: ConsultationLead,
  event: { kind?: 'consultationBooked' | 'emailSent'; summary: string; body?: string | null; moveTo?: 'consultationBooked' | 'contacted' },
) {
  await recordLeadEvent(tx, actor.firmId, lead.id, {
    kind: event.kind ?? 'consultationBooked',
    summary: event.summary,
    body: event.body ?? null,
    actorUserId: actor.userId,
  });
  const from = lead.status;
  if (event.moveTo === 'consultationBooked' && (from === 'new' || from === 'contacted'))
    await markLeadStatus(tx, actor, lead.id, event.moveTo);
  if (event.moveTo === 'contacted' && from === 'consultationBooked') await markLeadStatus(tx, actor, lead.id, event.moveTo);
}
