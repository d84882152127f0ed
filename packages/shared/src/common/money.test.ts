import { describe, it, expect } from 'vitest';
import {
  addMoney,
  convertMoney,
  fromCents,
  toCents,
  divideRounded,
  formatMoney,
  formatMoneyIn,
  fromScaled,
  isMoneyText,
  MONEY_DECIMALS,
  parseMoneyInput,
  roundMoney,
  toScaled,
} from './money.ts';

describe('MONEY_DECIMALS', () => {
  it('is 2 (SPEC.md §9)', () => {
    expect(MONEY_DECIMALS).toBe(2);
  });
});

describe('isMoneyText', () => {
  it.each([
    ['0', true],
    ['12', true],
    ['12.5', true],
    ['-12.345', true],
    [' 7.10 ', true],
    ['99999999999999999999.99', true],
    ['', false],
    ['-', false],
    ['abc', false],
    ['1,234.56', false],
    ['1e3', false],
    ['1.2.3', false],
    ['+1', false],
    ['12.', false],
    ['--1', false],
  ])('%j -> %s', (text, expected) => {
    expect(isMoneyText(text)).toBe(expected);
  });
});

describe('roundMoney: half-up (away from zero) to 2 decimals', () => {
  it.each([
    // plain values and padding
    ['0', '0.00'],
    ['5', '5.00'],
    ['5.1', '5.10'],
    ['5.12', '5.12'],
    ['007.5', '7.50'],
    [' 3.456 ', '3.46'],
    // below the .005 boundary
    ['0.004', '0.00'],
    ['0.0049999999', '0.00'],
    ['1.00499', '1.00'],
    ['2.344', '2.34'],
    // exactly on the .005 boundary rounds up
    ['0.005', '0.01'],
    ['1.005', '1.01'],
    ['2.675', '2.68'],
    ['1.015', '1.02'],
    ['1.125', '1.13'],
    ['0.995', '1.00'],
    ['9.995', '10.00'],
    ['99.995', '100.00'],
    ['999.995', '1000.00'],
    // above the boundary
    ['1.0051', '1.01'],
    ['1.009', '1.01'],
    // only the first dropped digit decides (half-up, no banker's rounding)
    ['0.125', '0.13'],
    ['0.135', '0.14'],
    ['0.0050000', '0.01'],
    // negatives round away from zero
    ['-1.005', '-1.01'],
    ['-0.005', '-0.01'],
    ['-1.004', '-1.00'],
    ['-2.675', '-2.68'],
    ['-9.995', '-10.00'],
    ['-12.3', '-12.30'],
    // negatives that round to zero never print as "-0.00"
    ['-0.004', '0.00'],
    ['-0', '0.00'],
    ['-0.00', '0.00'],
    // huge values beyond 2^53 stay exact
    ['9007199254740993', '9007199254740993.00'],
    ['9007199254740993.005', '9007199254740993.01'],
    ['-9007199254740993.005', '-9007199254740993.01'],
    ['123456789012345678901234567890.994', '123456789012345678901234567890.99'],
    ['999999999999999999999999.995', '1000000000000000000000000.00'],
  ])('%j -> %j', (text, expected) => {
    expect(roundMoney(text)).toBe(expected);
  });

  it.each([[''], ['abc'], ['1,000'], ['1e5'], ['NaN'], ['.']])('rejects %j', (text) => {
    expect(() => roundMoney(text)).toThrow('Not a decimal number');
  });
});

describe('toScaled / fromScaled', () => {
  it.each([
    ['1.2345', 2, 123n],
    ['1.235', 2, 124n],
    ['-1.235', 2, -124n],
    ['1.5', 0, 2n],
    ['-1.5', 0, -2n],
    ['1.4', 0, 1n],
    ['1.23', 4, 12300n],
    ['0.00005', 4, 1n],
    ['-0.00004', 4, 0n],
    ['9007199254740993.1', 1, 90071992547409931n],
  ])('toScaled(%j, %i) -> %s', (text, scale, expected) => {
    expect(toScaled(text, scale)).toBe(expected);
  });

  it.each([
    [0n, 2, '0.00'],
    [5n, 2, '0.05'],
    [-5n, 2, '-0.05'],
    [123n, 2, '1.23'],
    [-100n, 2, '-1.00'],
    [7n, 0, '7'],
    [12345n, 4, '1.2345'],
    [900719925474099312n, 2, '9007199254740993.12'],
  ])('fromScaled(%s, %i) -> %j', (value, scale, expected) => {
    expect(fromScaled(value, scale)).toBe(expected);
  });

  it.each(['0.00', '1.23', '-1.23', '1234567.89', '-0.01', '9007199254740993.99'])('round-trips %j', (text) => {
    expect(fromScaled(toScaled(text, 2), 2)).toBe(text);
  });
});

describe('float arithmetic never leaks in', () => {
  it('0.1 + 0.2 is exactly 0.30', () => {
    expect(0.1 + 0.2).not.toBe(0.3); // the float trap being guarded against
    expect(addMoney('0.1', '0.2')).toBe('0.30');
  });

  it('1.015 rounds to 1.02 (the float 1.015 is 1.01499999…)', () => {
    expect((1.015).toFixed(2)).toBe('1.01'); // the float trap being guarded against
    expect(roundMoney('1.015')).toBe('1.02');
  });

  it('1.005 rounds to 1.01 (the float 1.005 is 1.00499999…)', () => {
    expect((1.005).toFixed(2)).toBe('1.00');
    expect(roundMoney('1.005')).toBe('1.01');
  });

  it('summing 0.01 a thousand times is exactly 10.00', () => {
    expect(addMoney(...Array.from({ length: 1000 }, () => '0.01'))).toBe('10.00');
  });
});

describe('addMoney', () => {
  it.each([
    [[], '0.00'],
    [['5'], '5.00'],
    [['0.1', '0.2'], '0.30'],
    [['0.1', '0.2', '0.3'], '0.60'],
    [['1.10', '2.20', '3.30'], '6.60'],
    [['100', '-100'], '0.00'],
    [['-1.5', '-2.25'], '-3.75'],
    [['10', '-10.01'], '-0.01'],
    [['1234567.89', '0.11'], '1234568.00'],
    // each addend is rounded half-up to cents before summing
    [['0.005', '0.005'], '0.02'],
    [['0.004', '0.004'], '0.00'],
    [['-0.005', '0.005'], '0.00'],
    // beyond 2^53
    [['9007199254740992', '1'], '9007199254740993.00'],
    [['9007199254740992.01', '0.01'], '9007199254740992.02'],
    [['99999999999999999999.99', '0.01'], '100000000000000000000.00'],
  ])('addMoney(%j) -> %j', (amounts, expected) => {
    expect(addMoney(...amounts)).toBe(expected);
  });

  it('rejects non-decimal text', () => {
    expect(() => addMoney('1', 'x')).toThrow('Not a decimal number');
  });
});

describe('divideRounded: half-up, away from zero', () => {
  it.each([
    [10n, 2n, 5n],
    [0n, 7n, 0n],
    [1n, 3n, 0n],
    [2n, 3n, 1n],
    [4n, 3n, 1n],
    [5n, 3n, 2n],
    // exact halves round away from zero
    [1n, 2n, 1n],
    [5n, 2n, 3n],
    [7n, 2n, 4n],
    [-1n, 2n, -1n],
    [-5n, 2n, -3n],
    [5n, -2n, -3n],
    [-5n, -2n, 3n],
    // just under a half
    [149n, 100n, 1n],
    [-149n, 100n, -1n],
    [150n, 100n, 2n],
    [-150n, 100n, -2n],
    // beyond 2^53
    [18014398509481987n, 2n, 9007199254740994n],
    [-18014398509481987n, 2n, -9007199254740994n],
    [10n ** 30n + 5n, 10n, 10n ** 29n + 1n],
  ])('%s / %s -> %s', (numerator, denominator, expected) => {
    expect(divideRounded(numerator, denominator)).toBe(expected);
  });

  it.each([[1n], [0n], [-1n]])('throws on division by zero (%s / 0)', (numerator) => {
    expect(() => divideRounded(numerator, 0n)).toThrow('Division by zero');
  });

  it.each([
    // SPEC.md §9: total = rate * duration, divided by the exchange rate for the home currency.
    // rate (2 dp) * duration (4 dp) = 6 dp; back to cents is a divide by 10^4.
    ['150.00', '1.3333', '1', '200.00'], // 199.995 -> 200.00
    ['100.00', '0.1234', '1', '12.34'],
    ['100.00', '0.12345', '1', '12.35'], // duration itself rounds to 0.1235
    ['200.00', '1.5000', '3', '100.00'],
    ['100.00', '1.0000', '3', '33.33'],
    ['200.00', '1.0000', '3', '66.67'],
    ['0.10', '3.0000', '1', '0.30'],
    ['-50.00', '0.0001', '1', '-0.01'], // -0.005 -> -0.01
  ])('rate %s x duration %s / exchange %s -> %s', (rate, duration, exchange, expected) => {
    const product = toScaled(rate, 2) * toScaled(duration, 4); // scale 6
    const total = divideRounded(product, toScaled(exchange, 4)); // scale 6 / scale 4 -> scale 2
    expect(fromScaled(total, 2)).toBe(expected);
  });
});

describe('formatMoneyIn: the currency’s sign, never its code after the amount', () => {
  it.each([
    ['25000', 'NGN', '₦25,000.00'],
    ['1200.5', 'usd', '$1,200.50'],
    ['-80', 'GBP', '-£80.00'],
    ['80', 'CHF', 'CHF 80.00'],
    ['80', 'ZZZ', 'ZZZ 80.00'],
    ['80', '', '80.00'],
  ])('%j %j -> %j', (amount, code, expected) => {
    expect(formatMoneyIn(amount, code)).toBe(expected);
  });
});

describe('formatMoney: en-US, exactly 2 decimals, thousands separators', () => {
  it.each([
    ['0', '0.00'],
    ['1', '1.00'],
    ['12.3', '12.30'],
    ['999.999', '1,000.00'],
    ['1000', '1,000.00'],
    ['1234.5', '1,234.50'],
    ['12345.67', '12,345.67'],
    ['123456', '123,456.00'],
    ['1234567.5', '1,234,567.50'],
    ['1234567.891', '1,234,567.89'],
    ['1234567.895', '1,234,567.90'],
    ['-1234567.5', '-1,234,567.50'],
    ['-999.995', '-1,000.00'],
    ['-1.005', '-1.01'],
    ['-0.004', '0.00'],
    ['-0.5', '-0.50'],
    ['9007199254740993.05', '9,007,199,254,740,993.05'],
    ['123456789012345678901234567890', '123,456,789,012,345,678,901,234,567,890.00'],
  ])('%j -> %j', (text, expected) => {
    expect(formatMoney(text)).toBe(expected);
  });

  it.each([
    ['1234567.5', '$', '$1,234,567.50'],
    ['-1234.5', '$', '-$1,234.50'],
    ['0', '€', '€0.00'],
    ['1000', '₦', '₦1,000.00'],
    ['-0.001', '$', '$0.00'],
    ['5', 'USD ', 'USD 5.00'],
    ['5', '', '5.00'],
  ])('%j with symbol %j -> %j', (text, symbol, expected) => {
    expect(formatMoney(text, symbol)).toBe(expected);
  });

  it.each([
    [0, '0.00'],
    [1234567.5, '1,234,567.50'],
    [-1234.5, '-1,234.50'],
    [0.1 + 0.2, '0.30'],
    [1.005, '1.01'],
    [1.015, '1.02'],
    [-1.005, '-1.01'],
    [2.675, '2.68'],
    [1.0049, '1.00'],
    [1.00499, '1.00'],
    // half-up to 2 places decides on the value itself, not on a 4-place rounding of it
    [1.0049501, '1.00'],
    [-1.0049501, '-1.00'],
    [0.0049999, '0.00'],
    [1e-7, '0.00'],
    [-1e-7, '0.00'],
    [1e21, '1,000,000,000,000,000,000,000.00'],
    [-1e21, '-1,000,000,000,000,000,000,000.00'],
  ])('number %s -> %j', (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY]])('rejects the number %s', (value) => {
    expect(() => formatMoney(value)).toThrow();
  });

  it('rejects non-decimal text', () => {
    expect(() => formatMoney('abc')).toThrow('Not a decimal number');
  });
});

describe('parseMoneyInput (SPEC.md §5 money input)', () => {
  it.each([
    // accepted; thousands separators are stripped
    ['', ''],
    ['   ', ''],
    ['0', '0'],
    ['5', '5'],
    ['1234.56', '1234.56'],
    ['1,234.56', '1234.56'],
    ['1,234,567.5', '1234567.5'],
    [' 1,234 ', '1234'],
    ['12,34', '1234'],
    [',', ''],
    // in-progress typing states
    ['.', '.'],
    ['1.', '1.'],
    ['.5', '.5'],
    ['.55', '.55'],
    ['1.2', '1.2'],
    ['1.23', '1.23'],
    ['9007199254740993.99', '9007199254740993.99'],
    // rejected
    ['1.234', null],
    ['1,234.567', null],
    ['.555', null],
    ['abc', null],
    ['12a', null],
    ['1.2.3', null],
    ['1..2', null],
    ['-5', null],
    ['+5', null],
    ['1e5', null],
    ['$5', null],
    ['1 000', null],
  ])('%j -> %j', (text, expected) => {
    expect(parseMoneyInput(text)).toBe(expected);
  });

  it.each([
    // at or under max is accepted
    ['100', '100', '100'],
    ['100.00', '100', '100.00'],
    ['99.99', '100', '99.99'],
    ['1,000', '1000', '1000'],
    ['0', '0', '0'],
    ['.', '0', '.'],
    ['1.', '1', '1.'],
    ['.5', '1', '.5'],
    ['.99', '1', '.99'],
    ['', '10', ''],
    ['999999.99', '1000000', '999999.99'],
    // over max is rejected
    ['100.01', '100', null],
    ['101', '100', null],
    ['1,001', '1000', null],
    ['2.', '1', null],
    ['.5', '0', null],
    ['.01', '0', null],
    ['9007199254740993', '9007199254740992', null],
    // the decimal rule still applies under max
    ['1.234', '100', null],
    ['abc', '100', null],
  ])('%j with max %j -> %j', (text, max, expected) => {
    expect(parseMoneyInput(text, max)).toBe(expected);
  });
});

describe('toCents and fromCents: the one cents conversion', () => {
  it.each([
    ['0', 0n],
    ['12', 1200n],
    ['12.3', 1230n],
    ['12.34', 1234n],
    ['-12.30', -1230n],
    // beyond 2 decimals rounds half-up (away from zero), never truncates
    ['0.004', 0n],
    ['0.005', 1n],
    ['12.345', 1235n],
    ['12.3449', 1234n],
    ['-12.345', -1235n],
    ['99999999999999.995', 10000000000000000n],
    ['', 0n],
    [null, 0n],
    [undefined, 0n],
  ])('toCents(%j) -> %s', (text, expected) => {
    expect(toCents(text)).toBe(expected);
  });

  it.each([
    [0n, '0.00'],
    [1n, '0.01'],
    [-1n, '-0.01'],
    [1230n, '12.30'],
    [-123456789n, '-1234567.89'],
  ])('fromCents(%s) -> %j', (cents, expected) => {
    expect(fromCents(cents)).toBe(expected);
  });

  it('refuses text that is not a number', () => {
    expect(() => toCents('1,000')).toThrow();
  });
});

describe('convertMoney: a foreign amount in home currency, rounded once half-up', () => {
  it.each([
    ['100.00', '1', '100.00'],
    ['100.00', '1550.25', '155025.00'],
    ['0.01', '0.5', '0.01'],
    ['0.01', '0.4999999999', '0.00'],
    ['10.00', '0.333333', '3.33'],
    ['1.00', '0.005', '0.01'],
    ['2.50', '1.23456789', '3.09'],
    ['-2.50', '1.23456789', '-3.09'],
    ['12345678.90', '1500.1234567891', '18520042507.88'],
  ])('%s at %s -> %s', (amount, rate, expected) => {
    expect(convertMoney(amount, rate)).toBe(expected);
  });
});
