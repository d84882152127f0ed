import { describe, expect, it } from 'vitest';
import { csvLine, type CsvValue } from '../src/lib/csv.ts';

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
  ])('leaves %j as it is', (value, expected) => {
    expect(cell(value)).toBe(expected);
  });

  it('writes numbers, negative ones included, as numbers', () => {
    expect(csvLine([-42.5, 0, 7, null, undefined])).toBe('-42.5,0,7,,\r\n');
  });
});
