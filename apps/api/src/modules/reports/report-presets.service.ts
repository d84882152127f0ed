import type { z } from 'zod';
import {
  hasPermissions,
  nextSendingDay,
  presetQueryOn,
  type ReportPreset,
  type reportPresetInputSchema,
  type reportScheduleInputSchema,
} from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { findFirmToday } from '../../platform/firm-clock.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { queuePresetEmails } from './report-schedule.ts';
import { reportDefinitionOf } from './report-list.ts';
import {
  deletePreset,
  findPresets,
  findRecipients,
  lockPreset,
  updateSchedule,
  upsertPreset,
  type PresetRow,
} from './report-presets.repository.ts';

/** Filters a preset never keeps: how the answer is delivered, not what it is about. */
const DELIVERY_PARAMS = ['format', 'Level', 'Page', 'Size', 'Drilled'];

const viewOf = ({ userId: _userId, ...row }: PresetRow): ReportPreset => row;

/** The report a preset names, refused (400) when there is none or the user may not read it. */
function reportFor(name: string, permissions: readonly string[]) {
  const report = reportDefinitionOf(name);
  if (!report) throw badRequest('There is no such report');
  if (!hasPermissions(permissions, [report.permission])) throw badRequest('You may not read this report');
  return report;
}

/** Saved report filters per user, and their schedules (issue 37). */
export function createReportPresetService(database: Database, sending: { outbox: Outbox; appUrl: string }) {
  return {
    list: (principal: FirmPrincipal, report: string | undefined) =>
      database.withFirm(
        principal.firmId,
        async (tx) => (await findPresets(tx, principal.firmId, principal.userId, report)).map(viewOf),
        READ_ONLY,
      ),

    save: (principal: FirmPrincipal, input: z.output<typeof reportPresetInputSchema>) => {
      const report = reportFor(input.report, principal.permissions);
      const query = Object.fromEntries(
        Object.entries(input.query).filter(([key, value]) => value !== '' && !DELIVERY_PARAMS.includes(key)),
      );
      // The filters must be ones the report takes: a preset that cannot run is refused now, not at its first send.
      const parsed = report.contract.query.safeParse(query);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'These filters do not fit the report');
      return database.withFirm(principal.firmId, async (tx) =>
        viewOf(
          await upsertPreset(tx, { firmId: principal.firmId, userId: principal.userId, report: input.report, name: input.name, query }),
        ),
      );
    },

    schedule: (principal: FirmPrincipal, id: string, input: z.output<typeof reportScheduleInputSchema>) =>
      database.withFirm(principal.firmId, async (tx) => {
        const preset = await lockPreset(tx, principal.firmId, principal.userId, id);
        if (!preset) throw notFound('Preset');
        const report = reportFor(preset.report, principal.permissions);
        const recipientUserIds = [...new Set(input.recipientUserIds)];
        const recipients = await findRecipients(tx, principal.firmId, recipientUserIds);
        if (recipients.length !== recipientUserIds.length) throw badRequest('Each recipient must be an active team member');
        const refused = recipients.find((recipient) => !hasPermissions(recipient.permissions, [report.permission]));
        if (refused) throw badRequest(`${refused.name} may not read this report`);
        const today = await findFirmToday(tx, principal.firmId);
        return viewOf(
          await updateSchedule(tx, principal.firmId, id, {
            schedule: input.schedule,
            recipientUserIds: input.schedule ? recipientUserIds : [],
            nextRunOn: input.schedule ? nextSendingDay(input.schedule, today) : null,
          }),
        );
      }),

    /** Sends the preset now, to its recipients (or the user, when it has none): what a scheduled send would. */
    sendNow: (principal: FirmPrincipal, id: string) =>
      database.withFirm(principal.firmId, async (tx) => {
        const preset = await lockPreset(tx, principal.firmId, principal.userId, id);
        if (!preset) throw notFound('Preset');
        const report = reportFor(preset.report, principal.permissions);
        const today = await findFirmToday(tx, principal.firmId);
        const query = report.contract.query.safeParse(presetQueryOn(preset.query, today));
        if (!query.success) throw badRequest(query.error.issues[0]?.message ?? 'These filters no longer fit the report');
        const recipients = preset.recipientUserIds.length > 0 ? preset : { ...preset, recipientUserIds: [principal.userId] };
        await queuePresetEmails(tx, { firmId: principal.firmId, today, ...sending }, recipients, report, query.data);
        return viewOf(preset);
      }),

    remove: (principal: FirmPrincipal, id: string) =>
      database.withFirm(principal.firmId, async (tx) => {
        const preset = await lockPreset(tx, principal.firmId, principal.userId, id);
        if (!preset) throw notFound('Preset');
        await deletePreset(tx, principal.firmId, id);
        return viewOf(preset);
      }),
  };
}
