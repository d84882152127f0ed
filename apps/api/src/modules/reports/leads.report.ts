import { reportContracts, type ReportColumn } from '@matterhorn/shared';
import { sumConsultationFeesCollected } from '../consultations/consultations.api.ts';
import { answerLeadReport, leadReportRangeOf } from '../leads/leads.api.ts';
import { sumIncomeInLedger } from './income-ledger.repository.ts';
import { currencyOrder } from './money-report.rules.ts';
import { defineReport } from './report-definition.ts';
import { moneyCheck } from './report-texts.ts';

const FEE_COLUMNS: ReportColumn[] = [
  { key: 'currency', label: 'Currency', kind: 'text', drill: null },
  { key: 'feesCollected', label: 'Consultation fees collected', kind: 'money', drill: null },
];

/** The ledger's system account consultation fees are posted to (4060 Fee income – Consultations). */
const CONSULTATION_FEES_ACCOUNT = 'consultation-fees';

/**
 * Leads and consultations (issue 45): the leads module's report of leads by source and status, and
 * below its totals the consultation fees collected in the same range, one line per currency, tied
 * out to what the ledger's account 4060 was credited.
 */
export const leadsReport = defineReport({
  contract: reportContracts.leads,
  name: 'leads',
  async run(tx, context, query) {
    const range = leadReportRangeOf(query, context.today);
    const [leads, fees, ledger] = await Promise.all([
      answerLeadReport(tx, context.firmId, range),
      sumConsultationFeesCollected(tx, context.firmId, range),
      sumIncomeInLedger(tx, context.firmId, CONSULTATION_FEES_ACCOUNT, range),
    ]);
    const currencies = currencyOrder(context.homeCurrencyCode, [...fees.keys(), ...ledger.keys()]);
    return {
      ...leads,
      columns: [...leads.columns, ...FEE_COLUMNS],
      totals: [
        ...leads.totals,
        ...currencies.map((currencyCode) => ({
          cells: { source: 'Consultation fees collected', currency: currencyCode, feesCollected: fees.get(currencyCode) ?? '0.00' },
          drill: null,
        })),
      ],
      formula:
        `${leads.formula} Consultation fees collected = Σ consultation fees paid online whose payment went through within the range, ` +
        'one line per currency (currencies are never added together).',
      dateBasis: `${leads.dateBasis} Consultation fees: the day the payment went through, the day it was posted to the ledger.`,
      checks: [
        ...leads.checks,
        ...currencies.map((currencyCode) =>
          moneyCheck(
            `Consultation fees collected = 4060 Fee income – Consultations credited in the ledger within the range, ${currencyCode}`,
            fees.get(currencyCode) ?? '0.00',
            ledger.get(currencyCode) ?? '0.00',
          ),
        ),
      ],
    };
  },
});
