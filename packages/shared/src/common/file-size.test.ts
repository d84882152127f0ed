import { describe, it, expect } from 'vitest';
import { formatFileSize } from './file-size.ts';

const KB = 1024;
const MB = 1024 ** 2;
const GB = 1024 ** 3;
const TB = 1024 ** 4;
const PB = 1024 ** 5;
const EB = 1024 ** 6;
const ZB = 1024 ** 7;
const YB = 1024 ** 8;

describe('formatFileSize (1024-based, Bytes through YB)', () => {
  it.each([
    // zero and nonsense
    [0, '0 Bytes'],
    [-1, '0 Bytes'],
    [-2048, '0 Bytes'],
    // bytes
    [1, '1 Bytes'],
    [512, '512 Bytes'],
    [1000, '1000 Bytes'],
    [1023, '1023 Bytes'],
    // kilobytes (1024, not 1000)
    [KB, '1 KB'],
    [1025, '1 KB'],
    [1536, '1.5 KB'],
    [2048, '2 KB'],
    [1126, '1.1 KB'],
    [1234, '1.21 KB'],
    [10 * KB, '10 KB'],
    [1000 * KB, '1000 KB'],
    [MB - KB, '1023 KB'],
    // every larger unit, at 1, 1.5 and 2.25 of it
    [MB, '1 MB'],
    [1.5 * MB, '1.5 MB'],
    [2.25 * MB, '2.25 MB'],
    [5 * MB, '5 MB'],
    [GB, '1 GB'],
    [1.5 * GB, '1.5 GB'],
    [2.25 * GB, '2.25 GB'],
    [TB, '1 TB'],
    [1.5 * TB, '1.5 TB'],
    [PB, '1 PB'],
    [1.5 * PB, '1.5 PB'],
    [EB, '1 EB'],
    [1.5 * EB, '1.5 EB'],
    [ZB, '1 ZB'],
    [1.5 * ZB, '1.5 ZB'],
    [YB, '1 YB'],
    [1.5 * YB, '1.5 YB'],
    [2.25 * YB, '2.25 YB'],
    // YB is the largest unit: beyond it the number grows
    [1024 * YB, '1024 YB'],
    [2048 * YB, '2048 YB'],
    // fractions of a byte stay in Bytes
    [0.5, '0.5 Bytes'],
  ])('%d -> %j', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });
});
