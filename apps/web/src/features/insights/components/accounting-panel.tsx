import { Alert, Anchor, Group, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { type AccountingTotals, formatCents, monthLabel } from '@soulpunch/shared';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { ScrollTable } from '@/components/scroll-table';
import { getErrorMessage } from '@/lib/api-client';
import { monthsCsvUrl, useAccounting, YEARS_CSV_URL } from '../api/insights';

const COLUMNS = ['Received', 'Refunded', 'Disputed', 'Net', 'Instalments outstanding', 'Waived', 'Payments'];
const cells = (t: AccountingTotals) => [
  formatCents(t.receivedCents),
  formatCents(t.refundedCents),
  formatCents(t.disputedCents),
  formatCents(t.netCents),
  formatCents(t.outstandingCents),
  formatCents(t.waivedCents),
  String(t.payments),
];

function TotalsTable({
  caption,
  first,
  rows,
  footer,
}: {
  caption: string;
  first: string;
  rows: Array<{ key: string; label: ReactNode; totals: AccountingTotals }>;
  footer?: { label: string; totals: AccountingTotals };
}) {
  const line = (label: ReactNode, t: AccountingTotals) => (
    <>
      <Table.Th scope="row">{label}</Table.Th>
      {cells(t).map((c, i) => (
        <Table.Td key={COLUMNS[i]} style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
          {c}
        </Table.Td>
      ))}
    </>
  );
  return (
    <ScrollTable minWidth={860} label={caption}>
      <Table striped>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{first}</Table.Th>
            {COLUMNS.map((c) => (
              <Table.Th key={c} scope="col" style={{ textAlign: 'right' }}>
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>{line(r.label, r.totals)}</Table.Tr>
          ))}
        </Table.Tbody>
        {footer && (
          <Table.Tfoot>
            <Table.Tr fw={700}>{line(footer.label, footer.totals)}</Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </ScrollTable>
  );
}

function CsvLink({ href, children }: { href: string; children: string }) {
  return (
    <Anchor href={href} download size="sm">
      <Group gap={4} component="span">
        <IconDownload size={16} aria-hidden />
        {children}
      </Group>
    </Anchor>
  );
}

/**
 * The accounting report (decision record 0017): a year month by month and every year, in the brand's time zone,
 * from the payment ledger to the cent.
 */
export function AccountingPanel() {
  const [year, setYear] = useState<number | null>(null);
  const report = useAccounting(year);
  const data = report.data;
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Accounting report
      </Title>
      <Text size="sm" c="gray.7">
        From the payment ledger, in integer cents, by the month of each payment in Central time. Net is
        received less refunded and disputed; outstanding and waived instalments count in the month they fall
        due.
      </Text>
      {report.isPending && <Loader aria-label="Loading the accounting report" />}
      {report.isError && (
        <Alert color="red" role="alert">
          {getErrorMessage(report.error)}
        </Alert>
      )}
      {data && (
        <>
          <Group align="flex-end" gap="md">
            <Select
              label="Year"
              data={data.years.map((y) => String(y.year))}
              value={String(data.year)}
              onChange={(value) => value && setYear(Number(value))}
              allowDeselect={false}
              w={140}
            />
            <CsvLink href={monthsCsvUrl(data.year)}>{`Download ${data.year} (CSV)`}</CsvLink>
          </Group>
          <TotalsTable
            caption={`${data.year} by month`}
            first="Month"
            rows={data.months.map(({ month, ...totals }) => ({
              key: month,
              label: monthLabel(month),
              totals,
            }))}
            footer={{ label: `Total ${data.year}`, totals: data.total }}
          />
          <Group justify="space-between" align="baseline">
            <Title order={3} size="h4">
              By year
            </Title>
            <CsvLink href={YEARS_CSV_URL}>Download every year (CSV)</CsvLink>
          </Group>
          <TotalsTable
            caption="Every year with ledger activity"
            first="Year"
            rows={data.years.map(({ year: y, ...totals }) => ({ key: String(y), label: String(y), totals }))}
          />
        </>
      )}
    </Stack>
  );
}
