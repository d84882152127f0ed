import type { Tx } from '../../db/database.ts';
import { insertClient, insertContacts } from './clients.repository.ts';

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
