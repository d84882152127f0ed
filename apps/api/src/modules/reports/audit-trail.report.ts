import {
  AUDIT_EVENTS,
  auditActionLabel,
  auditRecordTypeLabel,
  reportContracts,
  type ReportCheck,
  type ReportColumn,
} from '@matterhorn/shared';
import { notFound } from '../../lib/errors.ts';
import { defineReport, entriesPageOf } from './report-definition.ts';
import { criteriaOf } from './report-texts.ts';
import { findAuditEvents, findAuditSummary, findTeamMemberName, type AuditTrailFilters } from './audit-trail.repository.ts';
import { AUDIT_VALUE_LIMIT, changesText, deviceText } from './audit-trail.texts.ts';

const SYSTEM = 'System';

const summaryColumns = (timeZone: string): ReportColumn[] => [
  { key: 'recordType', label: 'Record type', kind: 'text', drill: null },
  { key: 'action', label: 'Action', kind: 'text', drill: null },
  { key: 'events', label: 'Events', kind: 'count', drill: {} },
  { key: 'first', label: `First (${timeZone})`, kind: 'text', drill: null },
  { key: 'last', label: `Last (${timeZone})`, kind: 'text', drill: null },
];

const entryColumns = (timeZone: string): ReportColumn[] => [
  { key: 'when', label: `When (${timeZone})`, kind: 'text', drill: null },
  { key: 'who', label: 'Who', kind: 'text', drill: null },
  { key: 'action', label: 'Action', kind: 'text', drill: null },
  { key: 'recordType', label: 'Record type', kind: 'text', drill: null },
  { key: 'record', label: 'Record', kind: 'text', drill: null },
  { key: 'recordId', label: 'Record id', kind: 'text', drill: null },
  { key: 'ipAddress', label: 'From (IP)', kind: 'text', drill: null },
  { key: 'device', label: 'Device', kind: 'text', drill: null },
  { key: 'changes', label: 'Changes (before → after)', kind: 'text', drill: null },
];

const count = (events: number) => `${events} ${events === 1 ? 'event' : 'events'}`;

/**
 * The audit trail (issue 37, report 10): every recorded change to money, client data, permissions
 * and settings — when, who, from where, what record, before and after. Its summary counts the
 * events by record type and action (what an auditor scans first over a year of a busy firm); each
 * count, and the total, opens the events themselves, newest first, a page at a time.
 */
export const auditTrailReport = defineReport({
  contract: reportContracts.auditTrail,
  name: 'audit-trail',
  async run(tx, context, query) {
    const filters: AuditTrailFilters = {
      timeZone: context.timeZone,
      from: query.From,
      to: query.To,
      userId: query.UserId,
      action: query.Action,
      recordType: query.RecordType,
      text: query.Text,
    };
    const userName = filters.userId ? await findTeamMemberName(tx, context.firmId, filters.userId) : null;
    if (filters.userId && !userName) throw notFound('Team member');
    const criteria = criteriaOf(context, query, {
      dates: 'Changes made',
      extra: [
        ...(userName ? [`Changed by: ${userName}`] : []),
        ...(filters.action ? [`Action: ${auditActionLabel(filters.action)}`] : []),
        ...(filters.recordType ? [`Record type: ${auditRecordTypeLabel(filters.recordType)}`] : []),
        ...(filters.text ? [`Text: “${filters.text}”`] : []),
      ],
    });
    const footer = {
      formula:
        `Each event is one change the app recorded in the same transaction as the change itself: when (the firm's time zone, ${context.timeZone}), ` +
        `who (the signed-in team member; ${SYSTEM} for the app's own work), the action and the record (its current name where its kind has one), ` +
        'the address and device of the request (blank for the app’s own work and for changes made before they were recorded), and the changes field by field, before → after ' +
        '(a created record shows the values it was given, a deleted one those it had). The summary counts the events by record type and action; ' +
        'each count opens its events, newest first. Text matches the details, the record’s id or name, the address and the device, in any case.',
      dateBasis: `The moment of each change, read in the firm's time zone (${context.timeZone}): From and To are whole days there.`,
      rounding: `None: values read as recorded; a value longer than ${AUDIT_VALUE_LIMIT} characters is cut with …`,
    };

    if (query.Level === 'entries') {
      const page = entriesPageOf(query);
      const events = await findAuditEvents(tx, context.firmId, filters, page);
      return {
        level: 'entries',
        criteria,
        columns: entryColumns(context.timeZone),
        rows: events.rows.map((event) => ({
          cells: {
            when: event.at,
            who: event.actorName ?? SYSTEM,
            action: auditActionLabel(event.action),
            recordType: auditRecordTypeLabel(event.recordType),
            record: event.recordName,
            recordId: event.recordId,
            ipAddress: event.ipAddress,
            device: deviceText(event.userAgent),
            changes: changesText(event.details),
          },
          drill: null,
        })),
        totals: [{ cells: { when: `Total: ${count(events.count)}` }, drill: {} }],
        ...footer,
        checks: [],
        page: { page: page.page, size: page.size, totalCount: events.count },
      };
    }

    const groups = await findAuditSummary(tx, context.firmId, filters);
    const eventsOf = (chosen: typeof groups) => chosen.reduce((total, group) => total + group.events, 0);
    const listed = new Set<string>(AUDIT_EVENTS);
    const events = eventsOf(groups);
    const known = eventsOf(groups.filter((group) => listed.has(group.action)));
    // An event of a name the trail does not list cannot be chosen by the Action filter (the catalogue offers the list).
    const checks: ReportCheck[] = [
      {
        name: 'Events of an action the trail lists (its Action filter finds them) = events matching the filters',
        expected: String(events),
        actual: String(known),
        pass: events === known,
      },
    ];
    return {
      level: 'summary',
      criteria,
      columns: summaryColumns(context.timeZone),
      rows: groups.map((group) => ({
        cells: {
          recordType: auditRecordTypeLabel(group.recordType),
          action: auditActionLabel(group.action),
          events: group.events,
          first: group.first,
          last: group.last,
        },
        drill: { RecordType: group.recordType, Action: group.action },
      })),
      totals: [{ cells: { recordType: 'Total', events }, drill: {} }],
      ...footer,
      checks,
      page: null,
    };
  },
});
