import { Anchor, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { ScrollTable } from '@/components/scroll-table';

export interface ChartTable {
  columns: string[];
  rows: Array<{ key: string; cells: ReactNode[] }>;
}

interface ChartFigureProps {
  title: string;
  description: string;
  /** The drawing, hidden from screen readers: the table below says the same in numbers. */
  chart: ReactNode;
  table: ChartTable;
  csvUrl: string;
}

/** One chart with its numbers as a table (read by screen readers, shown on request) and its CSV. */
export function ChartFigure({ title, description, chart, table, csvUrl }: ChartFigureProps) {
  const [showTable, setShowTable] = useState(false);
  const titleId = useId();
  const tableId = useId();
  const numbers = (
    <Table striped id={tableId}>
      <Table.Caption>{title}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {table.columns.map((c) => (
            <Table.Th key={c} scope="col">
              {c}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {table.rows.map((row) => (
          <Table.Tr key={row.key}>
            {row.cells.map((cell, i) =>
              i === 0 ? (
                <Table.Th key={table.columns[i]} scope="row">
                  {cell}
                </Table.Th>
              ) : (
                <Table.Td key={table.columns[i]}>{cell}</Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={titleId}>
          {title}
        </Title>
        <Text size="sm" c="gray.7">
          {description}
        </Text>
        <div aria-hidden="true">{chart}</div>
        {/* Hidden, the table is read as it is; shown, it scrolls inside its box on a phone. */}
        {showTable ? (
          <ScrollTable minWidth={Math.max(320, table.columns.length * 110)} label={title}>
            {numbers}
          </ScrollTable>
        ) : (
          <VisuallyHidden>{numbers}</VisuallyHidden>
        )}
        <Group gap="md">
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setShowTable((v) => !v)}
            aria-expanded={showTable}
            aria-controls={tableId}
          >
            {showTable ? 'Hide the numbers' : 'Show the numbers'}
          </Button>
          <Anchor href={csvUrl} download size="sm">
            <Group gap={4} component="span">
              <IconDownload size={16} aria-hidden />
              Download CSV
            </Group>
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
