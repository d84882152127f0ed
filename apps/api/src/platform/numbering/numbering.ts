import type { Tx } from '../../db/database.ts';
import { findNextValue, raiseNextValue, setNextValue, takeNextValue } from './numbering.repository.ts';

/** The numbered records of a firm; each has its own sequence, starting at 1. */
export type NumberSequence = 'matter' | 'invoice' | 'receipt' | 'trustTransaction' | 'trustRequest' | 'creditNote';

/**
 * The next number of the firm's sequence, gapless: it is taken in the caller's transaction under
 * the sequence's row lock, so concurrent creates wait for each other's commit, and a rolled-back
 * create gives its number back. Hold the transaction briefly after taking one.
 */
export const takeNextNumber = (tx: Tx, firmId: string, sequence: NumberSequence): Promise<number> => takeNextValue(tx, firmId, sequence);

/** Continues a sequence after records numbered outside it (a bulk load or an import). */
export const continueNumberingFrom = (tx: Tx, firmId: string, sequence: NumberSequence, nextNumber: number): Promise<void> =>
  setNextValue(tx, firmId, sequence, nextNumber);

/** The number the sequence gives next, without taking it. */
export const peekNextNumber = (tx: Tx, firmId: string, sequence: NumberSequence): Promise<number> => findNextValue(tx, firmId, sequence);

/** Lets the firm's numbering continue from a higher number (never a lower one: numbers issued are not given again); false when refused. */
export const raiseNextNumber = (tx: Tx, firmId: string, sequence: NumberSequence, nextNumber: number): Promise<boolean> =>
  raiseNextValue(tx, firmId, sequence, nextNumber);
