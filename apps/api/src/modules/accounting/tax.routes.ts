import type { FastifyInstance } from 'fastify';
import { accountingContracts as contracts } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createTaxRateService } from './tax-rates.service.ts';
import { createVatReturnService } from './vat-return.service.ts';

/** The firm's tax rates and its VAT return (issue 36). */
export function registerTaxRoutes(app: FastifyInstance, database: Database) {
  const route = contractRoutes(app, ['Accounting']);
  const rates = createTaxRateService(database);
  const vat = createVatReturnService(database);

  route(
    contracts.taxRates,
    {
      access: firmAccess('chartofAccount'),
      summary: 'The firm’s tax rates (a Nigerian firm starts with VAT at 7.5%)',
      description: 'Answers every tax rate with its name, rate in percent and whether it is active, active first.',
    },
    async (request) => ok('Tax rates', await rates.list(firmPrincipalOf(request))),
  );

  route(
    contracts.createTaxRate,
    {
      access: firmAccess('chartofAccount.create'),
      summary: 'Add a tax rate (name and rate in percent)',
      description: 'Adds the rate and answers it; 409 when the firm has one with the same name and rate.',
    },
    async (request, reply) => created(reply, 'Tax rate added', await rates.create(firmPrincipalOf(request), request.body)),
  );

  route(
    contracts.updateTaxRate,
    {
      access: firmAccess('chartofAccount.edit'),
      summary: 'Rename, change, deactivate or reactivate a tax rate',
      description:
        'Saves the rate and answers it; invoices that charged it keep what they charged. 409 when another rate has the same name and ' +
        'rate; another firm’s rate is 404.',
    },
    async (request) => ok('Tax rate saved', await rates.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.vatReturn,
    {
      access: firmAccess('chartofAccount'),
      summary:
        'VAT return for a period: output tax by rate, on fees and on recoverable costs, with the invoices behind each figure, tied to ' +
        'the VAT output account; format=csv or pdf answers a file',
      description:
        'Answers, per currency, the output tax of invoices issued from FromDate to ToDate less that of invoices voided then, by rate, ' +
        'split into fees and recoverable costs (expenses billed), with each invoice’s number, date, client, net and tax; the VAT output ' +
        'account’s movement in the period; and the check that the invoices’ tax equals what they posted to it (pass or fail). ' +
        'format=csv answers the same as a CSV file, format=pdf as a PDF.',
    },
    async (request, reply) => {
      const principal = firmPrincipalOf(request);
      const { FromDate: from, ToDate: to, format } = request.query;
      if (format === 'csv')
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="vat-return-${from}-to-${to}.csv"`)
          .send(await vat.csv(principal, from, to));
      if (format === 'pdf')
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="vat-return-${from}-to-${to}.pdf"`)
          .send(await vat.pdf(principal, from, to));
      return ok('VAT return', await vat.vatReturn(principal, from, to));
    },
  );
}
