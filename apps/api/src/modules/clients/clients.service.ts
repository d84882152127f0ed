import type { z } from 'zod';
import { clientConflictNames, type AssociatedClients, type ClientDetail, type clientInputSchema } from '@matterhorn/shared';
import type { AppConfig } from '../../config.ts';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { binChildrenWith, restoreChildrenWith } from '../recycle-bin/recycle-bin.api.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import type { ConflictGate } from '../conflict-checks/conflict-checks.api.ts';
import type { PortalInvitations } from '../portal-access/portal-access.api.ts';
import * as repository from './clients.repository.ts';
import { checkCustomFieldValues } from './clients.rules.ts';
import { changeOf, recordAuditEvent } from '../../platform/audit/audit.ts';

type ClientInput = z.output<typeof clientInputSchema>;
export type ClientsDependencies = {
  database: Database;
  config: AppConfig;
  conflictGate: ConflictGate;
  portalInvitations: PortalInvitations;
};

export type ClientsService = ReturnType<typeof createClientsService>;

export function createClientsService({ database, conflictGate, portalInvitations }: ClientsDependencies) {
  async function detailOf(tx: Tx, firmId: string, clientId: string): Promise<ClientDetail> {
    const client = await repository.findClient(tx, firmId, clientId);
    if (!client) throw notFound('Client');
    const [contacts, matters, hasPortalAccount] = [
      await repository.findContacts(tx, firmId, clientId),
      await repository.findClientMatters(tx, firmId, clientId),
      await repository.hasPortalAccount(tx, firmId, clientId),
    ];
    return {
      id: client.id,
      clientNumber: client.clientNumber,
      taxNumber: client.taxNumber,
      ledesFormat: client.ledesFormat,
      billingPreference: client.billingPreference,
      clientType: client.clientType,
      name: client.displayName,
      firstName: client.firstName,
      lastName: client.lastName,
      companyName: client.companyName,
      email: client.email,
      alternateEmail: client.alternateEmail,
      phone: client.phone,
      alternatePhone: client.alternatePhone,
      address: client.address,
      city: client.city,
      state: client.state,
      country: client.country,
      postalCode: client.postalCode,
      notes: client.notes,
      customFields: client.customFields,
      status: client.status,
      isPortalEnabled: client.isPortalEnabled,
      openMatterCount: matters.filter((matter) => matter.status === 'Open').length,
      contacts,
      matters,
      hasPortalAccount,
      createdAt: client.createdAt.toISOString(),
      updatedAt: client.updatedAt.toISOString(),
    };
  }

  /** The client's columns from the form; a person keeps no company name and a company no first/last name. */
  async function valuesOf(tx: Tx, firmId: string, input: ClientInput): Promise<repository.ClientValues> {
    const isCompany = input.clientType === 'company';
    return {
      clientType: input.clientType,
      firstName: isCompany ? null : input.firstName,
      lastName: isCompany ? null : input.lastName,
      companyName: isCompany ? input.companyName : null,
      email: input.email,
      alternateEmail: input.alternateEmail,
      phone: input.phone,
      alternatePhone: input.alternatePhone,
      address: input.address,
      city: input.city,
      state: input.state,
      country: input.country,
      postalCode: input.postalCode,
      notes: input.notes ?? '',
      taxNumber: input.taxNumber,
      ledesFormat: input.ledesFormat,
      billingPreference: input.billingPreference,
      status: input.status,
      customFields: checkCustomFieldValues(input.customFields, await repository.findClientFieldDefinitions(tx, firmId)),
    };
  }

  return {
    async associatedClients({ firmId }: FirmPrincipal): Promise<AssociatedClients> {
      const rows = await database.withFirm(firmId, (tx) => repository.findActiveClientNames(tx, firmId));
      return {
        people: rows.filter((row) => row.clientType === 'individual').map((row) => ({ userId: row.id, name: row.name })),
        companies: rows.filter((row) => row.clientType === 'company').map((row) => ({ companyId: row.id, companyName: row.name })),
      };
    },

    detail({ firmId }: FirmPrincipal, clientId: string): Promise<ClientDetail> {
      return database.withFirm(firmId, (tx) => detailOf(tx, firmId, clientId), READ_ONLY);
    },

    create(principal: FirmPrincipal, input: ClientInput): Promise<ClientDetail> {
      const { firmId } = principal;
      return database.withFirm(firmId, async (tx) => {
        const clientId = await repository.insertClient(tx, firmId, {
          ...(await valuesOf(tx, firmId, input)),
          createdByUserId: principal.userId,
        });
        await repository.insertContacts(tx, firmId, clientId, input.contacts);
        const names = clientConflictNames(input);
        await conflictGate.clearForSave(tx, firmId, { conflictCheckId: input.conflictCheckId, names, record: { clientId } });
        await recordAuditEvent(tx, principal, 'client.created', clientId, {
          clientType: input.clientType,
          conflictCheckId: input.conflictCheckId ?? null,
        });
        return detailOf(tx, firmId, clientId);
      });
    },

    update(principal: FirmPrincipal, clientId: string, input: ClientInput): Promise<ClientDetail> {
      const { firmId } = principal;
      return database.withFirm(firmId, async (tx) => {
        const before = await detailOf(tx, firmId, clientId);
        await repository.updateClient(tx, firmId, clientId, await valuesOf(tx, firmId, input));
        await repository.saveContacts(tx, firmId, clientId, input.contacts, principal.userId);
        // Only names new to this client need a check: its saved name and contacts were checked before.
        const names = clientConflictNames(input, [before.name, ...before.contacts.map((contact) => contact.name)]);
        await conflictGate.clearForSave(tx, firmId, { conflictCheckId: input.conflictCheckId, names, record: { clientId } });
        const after = await detailOf(tx, firmId, clientId);
        await recordAuditEvent(tx, principal, 'client.updated', clientId, changeOf(before, after));
        return after;
      });
    },

    /** A soft delete: the client leaves every list and the portal, and can be restored. */
    async remove(principal: FirmPrincipal, clientId: string): Promise<void> {
      const { firmId } = principal;
      await database.withFirm(firmId, async (tx) => {
        if (!(await repository.findClient(tx, firmId, clientId))) throw notFound('Client');
        // Its matters (with theirs), expenses and documents go to the bin with it.
        await binChildrenWith(tx, firmId, { kind: 'client', id: clientId }, principal.userId);
        await repository.softDeleteClient(tx, firmId, clientId, principal.userId);
        await repository.revokePortalSessions(tx, firmId, clientId);
        await recordAuditEvent(tx, principal, 'client.deleted', clientId);
      });
    },

    restore(principal: FirmPrincipal, clientId: string): Promise<ClientDetail> {
      const { firmId } = principal;
      return database.withFirm(firmId, async (tx) => {
        if (!(await repository.findClient(tx, firmId, clientId, { deleted: true }))) throw notFound('Deleted client');
        await restoreChildrenWith(tx, firmId, { kind: 'client', id: clientId });
        await repository.restoreClient(tx, firmId, clientId);
        await recordAuditEvent(tx, principal, 'client.restored', clientId);
        return detailOf(tx, firmId, clientId);
      });
    },

    /** Invites the client's own email (one of its portal accounts; contacts are invited from portal access). */
    async inviteToPortal(principal: FirmPrincipal, clientId: string): Promise<ClientDetail> {
      const { firmId } = principal;
      return database.withFirm(firmId, async (tx) => {
        const client = await repository.findClient(tx, firmId, clientId);
        if (!client) throw notFound('Client');
        if (!client.email) throw badRequest('The client needs an email address to be invited');
        await portalInvitations.inviteInTx(tx, principal, { clientId, email: client.email, contactName: null });
        await recordAuditEvent(tx, principal, 'client.portalInvited', clientId);
        return detailOf(tx, firmId, clientId);
      });
    },

    revokePortal(principal: FirmPrincipal, clientId: string): Promise<ClientDetail> {
      const { firmId } = principal;
      return database.withFirm(firmId, async (tx) => {
        if (!(await repository.findClient(tx, firmId, clientId))) throw notFound('Client');
        await repository.updateClient(tx, firmId, clientId, { isPortalEnabled: false });
        await repository.revokePortalSessions(tx, firmId, clientId);
        await repository.retirePortalInvitations(tx, firmId, clientId);
        await recordAuditEvent(tx, principal, 'client.portalRevoked', clientId);
        return detailOf(tx, firmId, clientId);
      });
    },
  };
}
