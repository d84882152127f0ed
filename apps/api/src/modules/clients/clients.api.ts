import type { Tx } from '../../db/database.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { insertClient, insertContacts, updateClient } from './clients.repository.ts';

export type ImportedClient = {
  clientType: 'individual' | 'company';
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  contact: { name: string; email: string | null; phone: string | null } | null;
};

/** A client from a bulk import (issue 39), with its contact person; answers its id. */
export async function importClient(tx: Tx, firmId: string, createdByUserId: string, client: ImportedClient): Promise<string> {
  const clientId = await insertClient(tx, firmId, {
    clientType: client.clientType,
    firstName: client.firstName,
    lastName: client.lastName,
    companyName: client.companyName,
    email: client.email,
    alternateEmail: null,
    phone: client.phone,
    alternatePhone: null,
    address: client.address,
    city: client.city,
    state: null,
    country: null,
    postalCode: null,
    notes: '',
    taxNumber: null,
    ledesFormat: '1998B',
    billingPreference: 'perMatter',
    status: 'active',
    customFields: {},
    createdByUserId,
  });
  if (client.contact)
    await insertContacts(tx, firmId, clientId, [
      { name: client.contact.name, jobTitle: null, email: client.contact.email, phone: client.contact.phone },
    ]);
  return clientId;
}

export type OpenedClient = ImportedClient & { state: string | null; country: string | null; postalCode: string | null };

/**
 * A client opened from a lead (issue 45), in the caller's transaction, every detail as the lead
 * gave it and a company's contact person as its contact; audited as any new client. The conflict
 * check is the caller's to record against it (conflict-checks.api carryConflictCheck). Answers its id.
 */
export async function openClient(tx: Tx, principal: FirmPrincipal, client: OpenedClient): Promise<string> {
  const clientId = await importClient(tx, principal.firmId, principal.userId, client);
  const extra = { state: client.state, country: client.country, postalCode: client.postalCode };
  if (extra.state || extra.country || extra.postalCode) await updateClient(tx, principal.firmId, clientId, extra);
  await recordAuditEvent(tx, principal, 'client.created', clientId, { clientType: client.clientType, fromLead: true });
  return clientId;
}
