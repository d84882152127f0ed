import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { icsCalendar, type IcsEvent } from '../src/lib/ics.ts';

const calendar = {
  name: 'Court dates — Adé & Co; Lagos, Abuja',
  company: 'Matterhorn',
  product: 'Test',
  timeZone: 'Africa/Lagos',
  refreshHours: 1,
};

const event = (overrides: Partial<IcsEvent> = {}): IcsEvent => ({
  uid: 'a1@matterhorn',
  summary: 'Hearing',
  location: 'Federal High Court',
  description: 'Court: Federal High Court',
  updatedAt: '2026-11-20T10:11:12.345Z',
  sequence: 0,
  start: { date: '2026-12-01' },
  ...overrides,
});

function parse(text: string) {
  const component = new ICAL.Component(ICAL.parse(text));
  return { component, events: component.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent)) };
}

describe('icsCalendar', () => {
  it('writes an all-day date and a timed instant that another library reads back', () => {
    const text = icsCalendar(calendar, [
      event(),
      event({ uid: 'a2@matterhorn', start: { instant: '2026-12-01T08:30:00.000Z', minutes: 60 } }),
    ]);
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Matterhorn//Test//EN\r\n')).toBe(true);
    expect(text.endsWith('END:VEVENT\r\nEND:VCALENDAR')).toBe(true);
    const { component, events } = parse(text);
    // NAME (RFC 7986) is TEXT, escaped; ical.js does not know it or X-WR-CALNAME, and shows both as written.
    expect(text).toContain('\r\nNAME:Court dates — Adé & Co\\; Lagos\\, Abuja\r\n');
    expect(component.getFirstPropertyValue('x-wr-calname')).toBe('Court dates — Adé & Co\\; Lagos\\, Abuja');
    expect(component.getFirstPropertyValue('x-wr-timezone')).toBe('Africa/Lagos');
    expect(text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n');
    const [allDay, timed] = events;
    expect(allDay!.startDate.isDate).toBe(true);
    expect(allDay!.startDate.toString()).toBe('2026-12-01');
    expect(timed!.startDate.toJSDate().toISOString()).toBe('2026-12-01T08:30:00.000Z');
    expect(timed!.endDate.toJSDate().toISOString()).toBe('2026-12-01T09:30:00.000Z');
    expect(text).toContain('DTSTAMP:20261120T101112Z\r\n');
    expect(text).toContain('LAST-MODIFIED:20261120T101112Z\r\n');
  });

  it("writes each event's revision as SEQUENCE and a cancelled one as STATUS:CANCELLED, read back by ical.js", () => {
    const { events } = parse(
      icsCalendar(calendar, [event({ sequence: 3 }), event({ uid: 'a2@matterhorn', sequence: 4, isCancelled: true })]),
    );
    expect(events.map((read) => [read.uid, read.sequence, read.component.getFirstPropertyValue('status')])).toEqual([
      ['a1@matterhorn', 3, null],
      ['a2@matterhorn', 4, 'CANCELLED'],
    ]);
  });

  it('leaves out an empty location and description', () => {
    const text = icsCalendar(calendar, [event({ location: '', description: '' })]);
    expect(text).not.toContain('LOCATION');
    expect(text).not.toContain('DESCRIPTION');
  });

  it('folds every line to 75 octets without splitting a character, and any text reads back unchanged', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 120 });
    fc.assert(
      fc.property(text, text, text, (summary, location, description) => {
        const written = icsCalendar(calendar, [event({ summary, location, description })]);
        for (const line of written.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
        // A fold never cuts a character: every folded line is whole UTF-8 on its own.
        for (const line of written.split('\r\n')) expect(Buffer.from(line).toString()).toBe(line);
        const [read] = parse(written).events;
        // Any line break is written as \n, so it reads back as LF.
        const asRead = (value: string) => value.replace(/\r\n|\r/g, '\n');
        expect(read!.summary).toBe(asRead(summary));
        expect(read!.location ?? '').toBe(asRead(location));
        expect(read!.description ?? '').toBe(asRead(description));
      }),
    );
  });

  it('cuts an ASCII line at exactly 75 octets, then 74 after the leading space', () => {
    const text = icsCalendar(calendar, [event({ summary: 'x'.repeat(200) })]);
    const lines = text.split('\r\n');
    const start = lines.findIndex((line) => line.startsWith('SUMMARY:'));
    // 'SUMMARY:' and 200 characters: 75, then a space and 74, then a space and the last 59.
    expect(lines.slice(start, start + 4).map((line) => line.length)).toEqual([75, 75, 60, 'LOCATION:Federal High Court'.length]);
  });
});
