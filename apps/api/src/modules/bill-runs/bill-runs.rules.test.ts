import { describe, expect, it } from 'vitest';
import type { MatterWork } from './bill-runs.repository.ts';
import { targetsOf } from './bill-runs.rules.ts';

const work = (
  clientId: string,
  matterId: string,
  billingPreference: MatterWork['billingPreference'],
  unbilledAmount: string,
): MatterWork => ({
  clientId,
  clientName: `Client ${clientId}`,
  billingPreference,
  matterId,
  matterName: `Matter ${matterId}`,
  unbilledAmount,
  itemCount: 1,
  onDraftCount: 0,
});

describe('targetsOf', () => {
  it.each([
    {
      case: 'one invoice per matter by default',
      matters: [work('a', 'm1', 'perMatter', '10.00'), work('a', 'm2', 'perMatter', '5.50')],
      expected: [
        { clientId: 'a', matterId: 'm1', matterIds: ['m1'], unbilledAmount: '10.00', itemCount: 1 },
        { clientId: 'a', matterId: 'm2', matterIds: ['m2'], unbilledAmount: '5.50', itemCount: 1 },
      ],
    },
    {
      case: 'one invoice over a per-client client’s matters, summed exactly, in the first matter’s place',
      matters: [work('a', 'm1', 'perClient', '0.10'), work('b', 'm3', 'perMatter', '1.00'), work('a', 'm2', 'perClient', '0.20')],
      expected: [
        { clientId: 'a', matterId: null, matterIds: ['m1', 'm2'], unbilledAmount: '0.30', itemCount: 2 },
        { clientId: 'b', matterId: 'm3', matterIds: ['m3'], unbilledAmount: '1.00', itemCount: 1 },
      ],
    },
    { case: 'nothing for no matters', matters: [], expected: [] },
  ])('$case', ({ matters, expected }) => {
    expect(targetsOf(matters)).toMatchObject(expected);
    expect(targetsOf(matters)).toHaveLength(expected.length);
  });
});
