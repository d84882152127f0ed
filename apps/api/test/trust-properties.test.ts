import fc from 'fast-check';
import { clientLedgerQuerySchema } from '@matterhorn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/errors.ts';
import type { FirmPrincipal } from '../src/plugins/route-access.ts';
import { createTrustMovementService } from '../src/modules/trust/trust-movements.service.ts';
import { createTrustService } from '../src/modules/trust/trust.service.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';
import { expectTrustBooksBalanced, trustCalls } from './support/trust-fixture.ts';

/**
 * Property: over any sequence of deposits (cleared or not), clearances, disbursements, transfers and
 * reversals, the app accepts exactly what a plain model of the ledgers allows, every balance stays
 * ≥ 0, cleared funds never exceed the balance, and the client ledgers sum to the trust bank.
 */

let fixture: TimeEntryFixture;
let principal: FirmPrincipal;
let ledgers: { clientId: string; matterId: string | null }[];

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
  principal = {
    kind: 'firm',
    sessionId: 'property-test',
    firmId: fixture.firm.firmId,
    userId: fixture.firm.users.admin.id,
    adminUserId: fixture.firm.users.admin.id,
    permissions: ['administrator'],
    isVerified: true,
  };
  const [first, second] = fixture.references.matters.filter((matter) => matter.status === 'Open');
  ledgers = [
    { clientId: first!.clientId, matterId: first!.id },
    { clientId: first!.clientId, matterId: null },
    { clientId: second!.clientId, matterId: second!.id },
  ];
});
afterAll(() => fixture.context.close());

type Command =
  | { kind: 'deposit'; ledger: number; cents: number; cleared: boolean }
  | { kind: 'disburse'; ledger: number; cents: number }
  | { kind: 'transfer'; from: number; to: number; cents: number }
  | { kind: 'clear'; pick: number }
  | { kind: 'reverse'; pick: number };

const cents = fc.integer({ min: 1, max: 500_000 });
const ledgerIndex = fc.integer({ min: 0, max: 2 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), ledger: ledgerIndex, cents, cleared: fc.boolean() }),
  fc.record({ kind: fc.constant('disburse' as const), ledger: ledgerIndex, cents }),
  fc.record({ kind: fc.constant('transfer' as const), from: ledgerIndex, to: ledgerIndex, cents }),
  fc.record({ kind: fc.constant('clear' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }),
);

const text = (value: number) => `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;

/** What the model remembers of each movement, to clear or reverse it later. */
type Recorded = {
  id: string;
  kind: 'deposit' | 'disbursement' | 'transfer';
  ledger: number;
  to?: number;
  cents: number;
  cleared: boolean;
  reversed: boolean;
};

describe('trust ledgers under random sequences of movements', () => {
  it('accept exactly what the model allows and never go below zero', async () => {
    const movements = createTrustMovementService(fixture.context.database);
    const trust = createTrustService(fixture.context.database);
    const calls = trustCalls(fixture);
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 14 }), async (commands) => {
        const account = await calls.createAccount();
        const balance = [0, 0, 0];
        const cleared = [0, 0, 0];
        const recorded: Recorded[] = [];
        const attempt = async (run: () => Promise<unknown>): Promise<boolean> => {
          try {
            await run();
            return true;
          } catch (error) {
            // A refusal is a clear 4xx, never a fault.
            if (error instanceof AppError && error.statusCode >= 400 && error.statusCode < 500) return false;
            throw error;
          }
        };
        const date = '2026-03-01';
        for (const step of commands) {
          if (step.kind === 'deposit') {
            const ledger = ledgers[step.ledger]!;
            const done = await movements.deposit(principal, {
              trustAccountId: account.id,
              ...ledger,
              amount: text(step.cents),
              depositDate: date,
              method: 'Cheque',
              reference: null,
              payer: null,
              isCleared: step.cleared,
              trustRequestId: null,
            });
            recorded.push({ id: done.id, kind: 'deposit', ledger: step.ledger, cents: step.cents, cleared: step.cleared, reversed: false });
            balance[step.ledger]! += step.cents;
            if (step.cleared) cleared[step.ledger]! += step.cents;
          } else if (step.kind === 'disburse') {
            const allowed = step.cents <= cleared[step.ledger]!;
            let id = '';
            const ok = await attempt(async () => {
              const result = await movements.disburse(principal, {
                trustAccountId: account.id,
                ...ledgers[step.ledger]!,
                amount: text(step.cents),
                date,
                payee: 'Registry',
                purpose: 'Fees',
                method: null,
                reference: null,
              });
              id = result.transaction!.id;
            });
            expect(ok).toBe(allowed);
            if (ok) {
              balance[step.ledger]! -= step.cents;
              cleared[step.ledger]! -= step.cents;
              recorded.push({ id, kind: 'disbursement', ledger: step.ledger, cents: step.cents, cleared: true, reversed: false });
            }
          } else if (step.kind === 'transfer') {
            const allowed = step.from !== step.to && step.cents <= cleared[step.from]!;
            let id = '';
            const ok = await attempt(async () => {
              const from = ledgers[step.from]!;
              const to = ledgers[step.to]!;
              const result = await movements.transfer(principal, {
                trustAccountId: account.id,
                fromClientId: from.clientId,
                fromMatterId: from.matterId,
                toClientId: to.clientId,
                toMatterId: to.matterId,
                amount: text(step.cents),
                date,
                reason: 'Reallocation',
                consentNote: 'Both consented in writing',
              });
              id = result.out.id;
            });
            expect(ok).toBe(allowed);
            if (ok) {
              balance[step.from]! -= step.cents;
              cleared[step.from]! -= step.cents;
              balance[step.to]! += step.cents;
              cleared[step.to]! += step.cents;
              recorded.push({ id, kind: 'transfer', ledger: step.from, to: step.to, cents: step.cents, cleared: true, reversed: false });
            }
          } else if (step.kind === 'clear') {
            if (recorded.length === 0) continue;
            const target = recorded[step.pick % recorded.length]!;
            const allowed = target.kind === 'deposit' && !target.cleared && !target.reversed;
            const ok = await attempt(() => movements.clearDeposit(principal, target.id, date));
            expect(ok).toBe(allowed);
            if (ok) {
              target.cleared = true;
              cleared[target.ledger]! += target.cents;
            }
          } else {
            if (recorded.length === 0) continue;
            const target = recorded[step.pick % recorded.length]!;
            // Money that came in must still be there (cleared, if it had cleared) to go back out.
            const losing = target.kind === 'transfer' ? target.to! : target.ledger;
            const allowed =
              !target.reversed &&
              (target.kind === 'disbursement' || (target.cleared ? target.cents <= cleared[losing]! : target.cents <= balance[losing]!));
            const ok = await attempt(() => movements.reverse(principal, target.id, { reason: 'Mistake', date }));
            expect(ok).toBe(allowed);
            if (ok) {
              target.reversed = true;
              if (target.kind === 'disbursement') {
                balance[target.ledger]! += target.cents;
                cleared[target.ledger]! += target.cents;
              } else if (target.kind === 'transfer') {
                balance[target.to!]! -= target.cents;
                cleared[target.to!]! -= target.cents;
                balance[target.ledger]! += target.cents;
                cleared[target.ledger]! += target.cents;
              } else {
                balance[target.ledger]! -= target.cents;
                if (target.cleared) cleared[target.ledger]! -= target.cents;
              }
            }
          }
        }
        for (const [index, ledger] of ledgers.entries()) {
          const answer = await trust.balance(principal, ledger.clientId, ledger.matterId);
          const found = answer.ledgers.find((row) => row.trustAccountId === account.id && row.matterId === ledger.matterId);
          expect({ balance: found?.balance ?? '0.00', cleared: found?.clearedBalance ?? '0.00' }).toEqual({
            balance: text(balance[index]!),
            cleared: text(cleared[index]!),
          });
        }
        // Page by page, each ledger (and the first client's two ledgers together) shows the balance
        // after every movement as the running sum of what it shows, oldest first, down to the model's balance.
        const owner = ledgers[0]!.clientId;
        // A matter's ledger alone, or the client's: the ledger without a matter is read with its client's.
        const filters = [
          { ledger: ledgers[0]!, expected: balance[0]! },
          { ledger: ledgers[2]!, expected: balance[2]! },
          { ledger: { clientId: owner, matterId: null }, expected: balance[0]! + balance[1]! },
        ];
        for (const { ledger, expected } of filters) {
          const entries: { signedAmount: string; balanceAfter: string }[] = [];
          for (let page = 1; ; page += 1) {
            const answer = await trust.ledger(
              principal,
              clientLedgerQuerySchema.parse({
                ClientId: ledger.clientId,
                ...(ledger.matterId ? { MatterId: ledger.matterId } : {}),
                TrustAccountId: account.id,
                page: String(page),
                size: '4',
              }),
            );
            entries.push(...answer.data);
            if (answer.data.length < 4) break;
          }
          let running = 0;
          const walked = [...entries].reverse().map((entry) => {
            running += Math.round(Number(entry.signedAmount) * 100);
            return text(running);
          });
          expect(entries.map((entry) => entry.balanceAfter)).toEqual(walked.reverse());
          expect(entries[0]?.balanceAfter ?? '0.00').toBe(text(expected));
        }
        await expectTrustBooksBalanced(fixture.context.database, fixture.firm.firmId);
      }),
      { numRuns: 20 },
    );
  }, 240_000);
});
