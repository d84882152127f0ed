import { compareMoney, subtractMoney, type VatReturn, type VatReturnCurrency, type VatReturnInvoice } from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { homeCurrencyOf } from '../../platform/ledger/ledger.ts';
import { findFirmToday } from '../../platform/firm-clock.ts';
import { vatReturnCsv } from './vat-return.csv.ts';
import { buildVatReturnPdf } from './vat-return.pdf.ts';
import { findFirmName, findVatAccountMovements, findVatAccountNumber, findVatInvoices } from './vat-return.repository.ts';
import { byRate, vatPartsOf, VatTotals } from './vat-return.rules.ts';

const BASIS =
  'Output tax of invoices issued in the period (on their issue date), less that of invoices voided in it (on the day they were voided) and of credit notes dated in it, ' +
  'from each invoice’s own figures: fees are time and flat fees, recoverable costs are expenses billed, each after its share of the discount. ' +
  'The check compares them with what invoices posted to the VAT output account; other postings to it (payments to the tax authority, ' +
  'manual adjustments) are shown apart. Each currency is reported on its own.';

type RateGroup = { taxName: string; ratePercent: string; totals: VatTotals; invoices: VatReturnInvoice[] };

/** The VAT return from the invoices' figures, tied to the VAT output account's movement per currency. */
export async function buildVatReturn(tx: Tx, firmId: string, fromDate: string, toDate: string): Promise<VatReturn> {
  const [rows, movements, vatAccountNumber, home] = [
    await findVatInvoices(tx, firmId, fromDate, toDate),
    await findVatAccountMovements(tx, firmId, fromDate, toDate),
    await findVatAccountNumber(tx, firmId),
    await homeCurrencyOf(tx, firmId),
  ];
  const sections = new Map<string, Map<string, RateGroup>>();
  for (const row of rows) {
    const groups = sections.get(row.currencyCode) ?? new Map<string, RateGroup>();
    sections.set(row.currencyCode, groups);
    const sign = row.kind === 'invoice' ? 1n : -1n;
    const parts = vatPartsOf(row);
    for (const rateKey of new Set(parts.map((part) => `${part.ratePercent}|${part.taxName}`))) {
      const atRate = parts.filter((part) => `${part.ratePercent}|${part.taxName}` === rateKey);
      const group = groups.get(rateKey) ?? {
        taxName: atRate[0]!.taxName,
        ratePercent: atRate[0]!.ratePercent,
        totals: new VatTotals(),
        invoices: [],
      };
      groups.set(rateKey, group);
      const own = new VatTotals();
      for (const part of atRate) {
        own.add(part, sign);
        group.totals.add(part, sign);
      }
      group.invoices.push({
        invoiceId: row.invoiceId,
        invoiceNumber: row.invoiceNumber,
        kind: row.kind,
        date: row.date,
        clientId: row.clientId,
        clientName: row.clientName,
        ...own.figures(),
      });
    }
  }
  const movementOf = new Map(movements.map((movement) => [movement.currencyCode, movement]));
  const codes = [...new Set([...sections.keys(), ...movementOf.keys()])].sort((a, b) =>
    a === home ? -1 : b === home ? 1 : a.localeCompare(b),
  );
  const currencies = codes.map((currencyCode): VatReturnCurrency => {
    const groups = [...(sections.get(currencyCode)?.values() ?? [])].sort(byRate);
    const totals = new VatTotals();
    for (const group of groups) {
      totals.add({ kind: 'fees', net: group.totals.feesNet, tax: group.totals.feesTax });
      totals.add({ kind: 'costs', net: group.totals.costsNet, tax: group.totals.costsTax });
    }
    const movement = movementOf.get(currencyCode) ?? { total: '0.00', fromInvoices: '0.00' };
    const figures = totals.figures();
    return {
      currencyCode,
      rates: groups.map((group) => ({
        taxName: group.taxName,
        ratePercent: group.ratePercent,
        ...group.totals.figures(),
        invoices: group.invoices,
      })),
      totals: figures,
      vatAccountNumber,
      vatAccountMovement: movement.total,
      otherMovement: subtractMoney(movement.total, movement.fromInvoices),
      tieOuts: [
        {
          name: `Output tax on the invoices = what invoices posted to the VAT output account (${vatAccountNumber})`,
          expected: figures.tax,
          actual: movement.fromInvoices,
          isPassing: compareMoney(figures.tax, movement.fromInvoices) === 0,
        },
      ],
    };
  });
  return {
    fromDate,
    toDate,
    basis: BASIS,
    currencies,
    isTiedOut: currencies.every((section) => section.tieOuts.every((check) => check.isPassing)),
  };
}

export function createVatReturnService(database: Database) {
  return {
    vatReturn: (principal: FirmPrincipal, fromDate: string, toDate: string): Promise<VatReturn> =>
      database.withFirm(principal.firmId, (tx) => buildVatReturn(tx, principal.firmId, fromDate, toDate), READ_ONLY),

    csv: (principal: FirmPrincipal, fromDate: string, toDate: string): Promise<string> =>
      database.withFirm(
        principal.firmId,
        async (tx) => vatReturnCsv(await buildVatReturn(tx, principal.firmId, fromDate, toDate)),
        READ_ONLY,
      ),

    pdf: async (principal: FirmPrincipal, fromDate: string, toDate: string): Promise<Buffer> => {
      const input = await database.withFirm(
        principal.firmId,
        async (tx) => ({
          vatReturn: await buildVatReturn(tx, principal.firmId, fromDate, toDate),
          firmName: await findFirmName(tx, principal.firmId),
          printedOn: await findFirmToday(tx, principal.firmId),
        }),
        READ_ONLY,
      );
      return buildVatReturnPdf(input);
    },
  };
}
