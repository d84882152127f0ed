import { describe, expect, it } from 'vitest';
import { csvDatesIn, csvFileStart, csvLine, type CsvValue } from '../src/lib/csv.ts';

const cell = (value: CsvValue) => csvLine([value]).replace(/\r\n$/, '');

describe('CSV formula guard', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1+1', "'+1+1"],
    ['-1+cmd', "'-1+cmd"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
    ['  =1+1', "'  =1+1"],
    ['\u3000=1+1', "'\u3000=1+1"],
    ['＝1+1', "'＝1+1"],
    ['＋1', "'＋1"],
    ['－1+1', "'－1+1"],
    ['＠SUM(A1)', "'＠SUM(A1)"],
    [';=1+1', "';=1+1"],
    [',=1+1', `"',=1+1"`],
    ['; =HYPERLINK("x")', `"'; =HYPERLINK(""x"")"`],
    [',＠x', `"',＠x"`],
    // Arithmetic too short to be a phone number, and a phone number with a formula after it.
    ['+1-1', "'+1-1"],
    ['+234 803 123 4567+cmd', "'+234 803 123 4567+cmd"],
  ])('neutralises %j', (value, expected) => {
    expect(cell(value)).toBe(expected);
  });

  it.each([
    ['Plain text', 'Plain text'],
    ['a=b', 'a=b'],
    ['x-1', 'x-1'],
    [';semicolon', ';semicolon'],
    [', comma', '", comma"'],
    ['-5.00', '-5.00'],
    ['-12', '-12'],
    ['+234 803 123 4567', '+234 803 123 4567'],
    ['+44 (0)20 7946 0958', '+44 (0)20 7946 0958'],
    ['+1-202-555-0143', '+1-202-555-0143'],
  ])('leaves %j as it is', (value, expected) => {
    expect(cell(value)).toBe(expected);
  });

  it('writes numbers, negative ones included, as numbers', () => {
    expect(csvLine([-42.5, 0, 7, null, undefined])).toBe('-42.5,0,7,,\r\n');
  });
});

describe('a CSV file', () => {
  it("starts with UTF-8's byte-order mark, its header ended by CRLF", () => {
    const start = Buffer.from(csvFileStart(['Name', 'Amount (₦)']), 'utf8');
    expect([...start.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(start.subarray(3).toString('utf8')).toBe('Name,Amount (₦)\r\n');
  });

  it('writes dates as DD/MM/YYYY and moments in the firm’s time zone, whatever form the driver gives them in', () => {
    const lagos = csvDatesIn('Africa/Lagos');
    expect(lagos.date('2026-11-10')).toBe('10/11/2026');
    expect(lagos.date(null)).toBe('');
    // 23:30 in UTC is the next morning in Lagos (UTC+1).
    expect(lagos.moment('2026-11-10 23:30:44.123+00')).toBe('11/11/2026 00:30');
    expect(lagos.moment('2026-11-10T23:30:44.000Z')).toBe('11/11/2026 00:30');
    expect(lagos.moment(new Date('2026-11-10T09:12:44Z'))).toBe('10/11/2026 10:12');
    expect(csvDatesIn('Asia/Kolkata').moment('2026-11-10 09:12:44+05:30')).toBe('10/11/2026 09:12');
    expect(csvDatesIn('America/New_York').moment('2026-07-01 12:00:00+00')).toBe('01/07/2026 08:00');
    expect(lagos.moment(null)).toBe('');
  });
});
