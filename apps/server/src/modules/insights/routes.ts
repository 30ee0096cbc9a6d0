import {
  accountingQuerySchema,
  accountingReportSchema,
  INSIGHT_CHARTS,
  insightsSchema,
  instantToZonedTime,
} from '@soulpunch/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { ZodTypeProvider } from '../../plugins/validation';
import { accountingByYear, accountingReport, brandYear, REPORT_ZONE } from './accounting';
import { type CsvFile, insightCsv, monthlyAccountingCsv, yearlyAccountingCsv } from './csv';
import { getInsights } from './service';

const CSV = { 200: { content: { 'text/csv': { schema: z.string() } } } };

function sendCsv(reply: FastifyReply, file: CsvFile) {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${file.filename}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .send(file.body);
}

/** The dashboard's insights and the accounting report, each with its CSV (admins only). */
export async function insightRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };
  const today = () => instantToZonedTime(deps.clock.now(), REPORT_ZONE).date;

  r.get('/api/admin/insights', { schema: { response: { 200: insightsSchema } }, config: admin }, async () =>
    getInsights(deps.db, deps.clock.now()),
  );
  r.get(
    '/api/admin/insights/:chart.csv',
    { schema: { params: z.strictObject({ chart: z.enum(INSIGHT_CHARTS) }), response: CSV }, config: admin },
    async (request, reply) =>
      sendCsv(reply, insightCsv(request.params.chart, await getInsights(deps.db, deps.clock.now()), today())),
  );
  r.get(
    '/api/admin/accounting',
    {
      schema: { querystring: accountingQuerySchema, response: { 200: accountingReportSchema } },
      config: admin,
    },
    async (request) => accountingReport(deps.db, request.query.year ?? brandYear(deps.clock.now())),
  );
  r.get(
    '/api/admin/accounting/months.csv',
    { schema: { querystring: accountingQuerySchema, response: CSV }, config: admin },
    async (request, reply) =>
      sendCsv(
        reply,
        monthlyAccountingCsv(
          await accountingReport(deps.db, request.query.year ?? brandYear(deps.clock.now())),
        ),
      ),
  );
  r.get(
    '/api/admin/accounting/years.csv',
    { schema: { response: CSV }, config: admin },
    async (_request, reply) => sendCsv(reply, yearlyAccountingCsv(await accountingByYear(deps.db), today())),
  );
}
