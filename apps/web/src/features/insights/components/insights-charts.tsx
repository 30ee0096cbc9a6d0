import '@mantine/charts/styles.layer.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  formatCents,
  formatNumber,
  INSIGHT_MONTHS,
  INSIGHT_WEEKS,
  type Insights,
  monthLabel,
  weekLabel,
} from '@soulpunch/shared';
import { getErrorMessage } from '@/lib/api-client';
import { chartCsvUrl, useInsights } from '../api/insights';
import { ChartFigure } from './chart-figure';
import { MAP_SHADES, UsStateMap } from './us-state-map';

/** Charts draw dollars; the tables and CSV keep the exact cents. */
const dollars = (cents: number) => cents / 100;
const dollarTick = (value: number) => `$${formatNumber(Math.round(value))}`;
// Recharts makes a chart a keyboard stop of its own; the table is the accessible form here.
const quiet = { accessibilityLayer: false };

function Funnel({ data }: { data: Insights['funnel'] }) {
  return (
    <ChartFigure
      title="Enrolment funnel"
      description={`Each month of the last ${INSIGHT_MONTHS}: checkouts started, enrolments paid, trainers who signed all three documents and certificates issued.`}
      csvUrl={chartCsvUrl('funnel')}
      chart={
        <BarChart
          h={260}
          data={data.map((m) => ({ ...m, label: monthLabel(m.month) }))}
          dataKey="label"
          series={[
            { name: 'checkoutStarted', label: 'Checkout started', color: 'gray.6' },
            { name: 'paid', label: 'Paid', color: 'blue.7' },
            { name: 'documentsSigned', label: 'Documents signed', color: 'violet.7' },
            { name: 'certified', label: 'Certified', color: 'teal.7' },
          ]}
          withLegend
          barChartProps={quiet}
          tickLine="y"
        />
      }
      table={{
        columns: ['Month', 'Checkout started', 'Paid', 'Documents signed', 'Certified'],
        rows: data.map((m) => ({
          key: m.month,
          cells: [monthLabel(m.month), m.checkoutStarted, m.paid, m.documentsSigned, m.certified],
        })),
      }}
    />
  );
}

function Revenue({ data }: { data: Insights['revenue'] }) {
  return (
    <ChartFigure
      title="Revenue per month"
      description="From the payment ledger: payments received, refunds, disputes, and instalments due that month still unpaid."
      csvUrl={chartCsvUrl('revenue')}
      chart={
        <BarChart
          h={260}
          data={data.map((m) => ({
            label: monthLabel(m.month),
            paid: dollars(m.paidCents),
            refunded: dollars(m.refundedCents),
            disputed: dollars(m.disputedCents),
            outstanding: dollars(m.outstandingCents),
          }))}
          dataKey="label"
          series={[
            { name: 'paid', label: 'Paid', color: 'teal.7' },
            { name: 'refunded', label: 'Refunded', color: 'orange.7' },
            { name: 'disputed', label: 'Disputed', color: 'red.8' },
            { name: 'outstanding', label: 'Instalments outstanding', color: 'gray.6' },
          ]}
          valueFormatter={dollarTick}
          withLegend
          barChartProps={quiet}
          tickLine="y"
        />
      }
      table={{
        columns: ['Month', 'Paid', 'Refunded', 'Disputed', 'Instalments outstanding'],
        rows: data.map((m) => ({
          key: m.month,
          cells: [
            monthLabel(m.month),
            formatCents(m.paidCents),
            formatCents(m.refundedCents),
            formatCents(m.disputedCents),
            formatCents(m.outstandingCents),
          ],
        })),
      }}
    />
  );
}

function TrainersByState({ data }: { data: Insights['trainersByState'] }) {
  return (
    <ChartFigure
      title="Trainers per state"
      description="Every trainer by the state of their profile; darker states have more trainers."
      csvUrl={chartCsvUrl('trainers-by-state')}
      chart={
        <Stack gap={4}>
          <UsStateMap counts={data} />
          <Group gap={4} justify="flex-end">
            <Text size="xs" c="gray.7">
              Fewer
            </Text>
            {MAP_SHADES.map((shade) => (
              <span
                key={shade}
                style={{ width: 16, height: 10, background: shade, border: '1px solid #adb5bd' }}
              />
            ))}
            <Text size="xs" c="gray.7">
              More
            </Text>
          </Group>
        </Stack>
      }
      table={{
        columns: ['State', 'Trainers', 'Certified'],
        rows: data.map((s) => ({ key: s.state, cells: [s.name, s.trainers, s.certified] })),
      }}
    />
  );
}

function Registrations({ data }: { data: Insights['registrations'] }) {
  return (
    <ChartFigure
      title="Class registrations per week"
      description={`Places taken in trainers' classes each week (Monday to Sunday) of the last ${INSIGHT_WEEKS}, and how many of them were cancelled since.`}
      csvUrl={chartCsvUrl('class-registrations')}
      chart={
        <LineChart
          h={220}
          data={data.map((w) => ({ ...w, label: weekLabel(w.weekStart) }))}
          dataKey="label"
          series={[
            { name: 'registrations', label: 'Registrations', color: 'blue.7' },
            { name: 'cancelled', label: 'Cancelled since', color: 'red.8' },
          ]}
          withLegend
          lineChartProps={quiet}
          curveType="linear"
        />
      }
      table={{
        columns: ['Week starting', 'Registrations', 'Cancelled since'],
        rows: data.map((w) => ({
          key: w.weekStart,
          cells: [weekLabel(w.weekStart), w.registrations, w.cancelled],
        })),
      }}
    />
  );
}

/** The dashboard's insights: four charts, each with its numbers and CSV (loaded with the Insights tab only). */
export default function InsightsCharts() {
  const insights = useInsights();
  if (insights.isPending) return <Loader aria-label="Loading insights" />;
  if (insights.isError) {
    return (
      <Alert color="red" role="alert" title="The insights could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{getErrorMessage(insights.error)}</Text>
          <Button size="compact-sm" onClick={() => insights.refetch()}>
            Try Again
          </Button>
        </Stack>
      </Alert>
    );
  }
  const data = insights.data;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Funnel data={data.funnel} />
      <Revenue data={data.revenue} />
      <TrainersByState data={data.trainersByState} />
      <Registrations data={data.registrations} />
    </SimpleGrid>
  );
}
