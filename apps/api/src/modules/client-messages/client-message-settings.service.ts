import {
  CLIENT_MESSAGE_CHANNELS,
  CLIENT_MESSAGE_MESSAGES,
  CLIENT_MESSAGE_PLACEHOLDERS,
  CLIENT_MESSAGE_TEMPLATE_DEFAULTS,
  CLIENT_MESSAGE_TEMPLATE_KEYS,
  OPT_IN_MESSAGES,
  phoneCountryOf,
  phoneNumberSchema,
  type ClientMessageTemplateList,
  type ClientOptIns,
  type OptInRecipient,
  type SaveClientMessageTemplate,
  type SetClientOptIns,
  type SetPortalOptIns,
} from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal, PortalPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import {
  deleteTemplate,
  findCurrentOptIns,
  findOptInChanges,
  findOptInSubjects,
  findPortalAccountEmail,
  findTemplates,
  insertOptIn,
  isOptedIn,
  upsertTemplate,
  type OptInRow,
  type OptInSubject,
} from './client-message-settings.repository.ts';
import { findFirmCountry, lockClientMessage, requeueClientMessage } from './client-messages.repository.ts';

const iso = (value: Date | string) => new Date(value).toISOString();
const stateOf = (row: OptInRow | undefined) =>
  row
    ? {
        isOptedIn: row.isOptedIn,
        phoneNumber: row.phoneNumber,
        recordedAt: iso(row.recordedAt),
        recordedByName: row.recordedByName,
        recordedBy: row.recordedBy,
      }
    : null;

const sameContact = (a: string | null, b: string | null) => (a ?? '') === (b ?? '');

function recipientsOf(subjects: OptInSubject[], current: OptInRow[]): OptInRecipient[] {
  return subjects.map((subject) => {
    const of = (channel: string) =>
      current.find((row) => row.channel === channel && sameContact(row.clientContactId, subject.clientContactId));
    return {
      clientContactId: subject.clientContactId,
      name: subject.name,
      phone: subject.phone,
      sms: stateOf(of('sms')),
      whatsapp: stateOf(of('whatsapp')),
    };
  });
}

/** The number as typed, in E.164 with the firm's country; refused with the reason (400) when it cannot be read. */
async function normalisedNumber(tx: Tx, firmId: string, typed: string, isRequired: boolean): Promise<string | null> {
  if (!typed.trim()) {
    if (isRequired) throw badRequest(OPT_IN_MESSAGES.numberRequired, { phoneNumber: OPT_IN_MESSAGES.numberRequired });
    return null;
  }
  const parsed = phoneNumberSchema(phoneCountryOf(await findFirmCountry(tx, firmId))).safeParse(typed);
  if (!parsed.success) {
    const reason = parsed.error.issues[0]?.message ?? 'The phone number cannot be read';
    throw badRequest(reason, { phoneNumber: reason });
  }
  return parsed.data;
}

/**
 * Records a recipient's choice on both channels: only what changed is written (a change of number
 * counts), each change a row of its own, so the trail says who changed what and when.
 */
async function recordChoice(
  tx: Tx,
  firmId: string,
  clientId: string,
  subject: OptInSubject,
  input: SetPortalOptIns,
  recorder: { recordedByUserId: string } | { recordedByPortalAccountId: string },
) {
  const phoneNumber = await normalisedNumber(tx, firmId, input.phoneNumber, input.sms || input.whatsapp);
  const current = await findCurrentOptIns(tx, firmId, clientId);
  let changed = 0;
  for (const channel of CLIENT_MESSAGE_CHANNELS) {
    const isWanted = input[channel];
    const now = current.find((row) => row.channel === channel && sameContact(row.clientContactId, subject.clientContactId));
    const isSame = now ? now.isOptedIn === isWanted && (!isWanted || now.phoneNumber === phoneNumber) : !isWanted;
    if (isSame) continue;
    await insertOptIn(tx, firmId, {
      clientId,
      clientContactId: subject.clientContactId,
      channel,
      isOptedIn: isWanted,
      phoneNumber: phoneNumber ?? now?.phoneNumber ?? null,
      ...recorder,
    });
    changed += 1;
  }
  return changed;
}

export function createClientMessageSettings(database: Database) {
  async function optInsOf(tx: Tx, firmId: string, clientId: string): Promise<ClientOptIns> {
    const subjects = await findOptInSubjects(tx, firmId, clientId);
    if (!subjects) throw notFound('Client');
    const current = await findCurrentOptIns(tx, firmId, clientId);
    const names = new Map(subjects.map((subject) => [subject.clientContactId ?? '', subject.name]));
    const changes = await findOptInChanges(tx, firmId, clientId, 50);
    return {
      recipients: recipientsOf(subjects, current),
      changes: changes.map((row) => ({
        id: row.id,
        clientContactId: row.clientContactId,
        name: names.get(row.clientContactId ?? '') ?? 'A former contact',
        channel: row.channel,
        isOptedIn: row.isOptedIn,
        phoneNumber: row.phoneNumber,
        recordedAt: iso(row.recordedAt),
        recordedByName: row.recordedByName,
        recordedBy: row.recordedBy,
      })),
    };
  }

  /** The portal's signed-in person: the client's contact with the account's email, else the client itself. */
  async function portalSubjectOf(tx: Tx, principal: PortalPrincipal) {
    const subjects = await findOptInSubjects(tx, principal.firmId, principal.clientId);
    if (!subjects) throw notFound('Client');
    const email = (await findPortalAccountEmail(tx, principal.firmId, principal.portalAccountId))?.toLowerCase() ?? null;
    const contact = subjects.find((subject) => subject.clientContactId && email && subject.email?.trim().toLowerCase() === email);
    return contact ?? subjects[0]!;
  }

  async function portalOptInsOf(tx: Tx, principal: PortalPrincipal) {
    const subject = await portalSubjectOf(tx, principal);
    const current = await findCurrentOptIns(tx, principal.firmId, principal.clientId);
    return recipientsOf([subject], current)[0]!;
  }

  async function templatesOf(tx: Tx, firmId: string): Promise<ClientMessageTemplateList> {
    const saved = await findTemplates(tx, firmId);
    return {
      templates: CLIENT_MESSAGE_TEMPLATE_KEYS.map((templateKey) => {
        const row = saved.find((candidate) => candidate.templateKey === templateKey);
        const { label, body } = CLIENT_MESSAGE_TEMPLATE_DEFAULTS[templateKey];
        return {
          templateKey,
          label,
          body: row?.body ?? body,
          isDefault: !row,
          defaultBody: body,
          updatedAt: row ? iso(row.updatedAt) : null,
          updatedByName: row?.updatedByName ?? null,
        };
      }),
      placeholders: CLIENT_MESSAGE_PLACEHOLDERS.map((name) => `{{${name}}}`),
    };
  }

  return {
    optIns: (principal: FirmPrincipal, clientId: string) =>
      database.withFirm(principal.firmId, (tx) => optInsOf(tx, principal.firmId, clientId), READ_ONLY),

    setOptIns: (principal: FirmPrincipal, input: SetClientOptIns) =>
      database.withFirm(principal.firmId, async (tx) => {
        const subjects = await findOptInSubjects(tx, principal.firmId, input.clientId);
        if (!subjects) throw notFound('Client');
        const subject = subjects.find((candidate) => sameContact(candidate.clientContactId, input.clientContactId));
        if (!subject) throw notFound('Contact');
        const changed = await recordChoice(tx, principal.firmId, input.clientId, subject, input, { recordedByUserId: principal.userId });
        if (changed > 0)
          await recordAuditEvent(tx, principal, 'client.messagePreferencesChanged', input.clientId, {
            clientContactId: input.clientContactId,
            after: { sms: input.sms, whatsapp: input.whatsapp },
          });
        return optInsOf(tx, principal.firmId, input.clientId);
      }),

    portalOptIns: (principal: PortalPrincipal) => database.withFirm(principal.firmId, (tx) => portalOptInsOf(tx, principal), READ_ONLY),

    setPortalOptIns: (principal: PortalPrincipal, input: SetPortalOptIns) =>
      database.withFirm(principal.firmId, async (tx) => {
        const subject = await portalSubjectOf(tx, principal);
        await recordChoice(tx, principal.firmId, principal.clientId, subject, input, {
          recordedByPortalAccountId: principal.portalAccountId,
        });
        return portalOptInsOf(tx, principal);
      }),

    templates: (principal: FirmPrincipal) => database.withFirm(principal.firmId, (tx) => templatesOf(tx, principal.firmId), READ_ONLY),

    saveTemplate: (principal: FirmPrincipal, input: SaveClientMessageTemplate) =>
      database.withFirm(principal.firmId, async (tx) => {
        const isDefault = input.body === null || input.body === CLIENT_MESSAGE_TEMPLATE_DEFAULTS[input.templateKey].body;
        if (isDefault) await deleteTemplate(tx, principal.firmId, input.templateKey);
        else await upsertTemplate(tx, principal.firmId, input.templateKey, input.body!, principal.userId);
        await recordAuditEvent(tx, principal, 'clientMessageTemplate.updated', principal.firmId, {
          templateKey: input.templateKey,
          after: { body: isDefault ? null : input.body },
        });
        return templatesOf(tx, principal.firmId);
      }),

    /** A failed or undelivered message queued again: only to a contact still opted in on its channel, at that number. */
    retry: (principal: FirmPrincipal, id: string) =>
      database.withFirm(principal.firmId, async (tx) => {
        const message = await lockClientMessage(tx, principal.firmId, id);
        if (!message) throw notFound('Message');
        if (message.status !== 'failed' && message.status !== 'undelivered') throw conflict(CLIENT_MESSAGE_MESSAGES.notRetryable);
        if (
          message.clientId &&
          !(await isOptedIn(tx, principal.firmId, {
            clientId: message.clientId,
            clientContactId: message.clientContactId,
            channel: message.channel,
            phoneNumber: message.to,
          }))
        )
          throw conflict(CLIENT_MESSAGE_MESSAGES.noLongerOptedIn);
        const requeued = await requeueClientMessage(tx, principal.firmId, id);
        await recordAuditEvent(tx, principal, 'clientMessage.retried', id, { before: { status: message.status } });
        return requeued;
      }),
  };
}
export type ClientMessageSettings = ReturnType<typeof createClientMessageSettings>;
