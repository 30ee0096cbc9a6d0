import { Anchor, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  type DashboardStats,
  ONBOARDING_STATUSES,
  PAYMENT_STATUSES,
  PROGRESS_BANDS,
} from '@soulpunch/shared';
import { Link } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { PageLoader } from '@/components/page-loader';
import { getErrorMessage } from '@/lib/api-client';
import { useDashboardStats } from '../../api/get-dashboard-stats';
import {
  bandColors,
  colorVar,
  documentTypeLabels,
  onboardingStatusLabels,
  paymentStatusLabels,
} from '../../utils/labels';

const count = new Intl.NumberFormat('en-US');

interface CountRow {
  label: string;
  value: number;
  to: string;
  color?: string;
}

function listLink(param: string, value: string): string {
  return `/admin/trainers?${param}=${encodeURIComponent(value)}`;
}

/** One card of counts; each count opens the trainer list filtered to it. */
function CountCard({ title, rows, total }: { title: string; rows: CountRow[]; total: number }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((row) => (
            <li key={row.label}>
              <Anchor component={Link} to={row.to} underline="hover" c="gray.9" display="block">
                <Group justify="space-between" gap="sm" wrap="nowrap">
                  <Group gap={8} wrap="nowrap">
                    {row.color && (
                      <span
                        aria-hidden
                        style={{
                          width: 10,
                          height: 10,
                          borderRadius: 5,
                          background: colorVar(row.color),
                        }}
                      />
                    )}
                    <Text span size="sm">
                      {row.label}
                    </Text>
                  </Group>
                  <Text span fw={700}>
                    {count.format(row.value)}
                    {total > 0 && (
                      <Text span size="xs" c="gray.7" fw={400} ml={6}>
                        ({Math.round((row.value / total) * 100)}%)
                      </Text>
                    )}
                  </Text>
                </Group>
              </Anchor>
            </li>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

function describeDocument(document: unknown): string {
  if (typeof document !== 'object' || document === null) return String(document);
  const { type, trainerId, status } = document as { type?: unknown; trainerId?: unknown; status?: unknown };
  const name = typeof type === 'string' ? (documentTypeLabels[type] ?? type) : 'Document';
  const parts = [name];
  if (trainerId !== undefined && trainerId !== null) parts.push(`Trainer ID: ${String(trainerId)}`);
  if (typeof status === 'string') parts.push(status);
  return parts.join(' · ');
}

function PendingDocuments({ documents }: { documents: unknown[] }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Pending Documents
        </Title>
        {documents.length === 0 ? (
          <Text c="gray.7">No pending documents</Text>
        ) : (
          <List size="sm" spacing={4}>
            {documents.map((document, index) => (
              // Documents have no shape yet beyond what the server sends; their order is stable.
              // biome-ignore lint/suspicious/noArrayIndexKey: no id is guaranteed until the documents issue lands.
              <List.Item key={index}>{describeDocument(document)}</List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  );
}

function Overview({ stats }: { stats: DashboardStats }) {
  const total = stats.trainerCount;
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg" component="section">
        <Group justify="space-between" align="center">
          <div>
            <Title order={2} size="h4">
              Total Trainers
            </Title>
            <Text fz={36} fw={700} lh={1.2}>
              {count.format(total)}
            </Text>
          </div>
          <Group gap="sm">
            <Button component={Link} to="/admin/trainers" variant="light">
              View all trainers
            </Button>
            <Button component={Link} to="/admin/payment-events" variant="default">
              Payment events
            </Button>
          </Group>
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        <CountCard
          title="Onboarding Status"
          total={total}
          rows={ONBOARDING_STATUSES.map((status) => ({
            label: onboardingStatusLabels[status] ?? status,
            value: stats.byOnboardingStatus[status] ?? 0,
            to: listLink('onboardingStatus', status),
          }))}
        />
        <CountCard
          title="Payment Status"
          total={total}
          rows={PAYMENT_STATUSES.map((status) => ({
            label: paymentStatusLabels[status] ?? status,
            value: stats.byPaymentStatus[status] ?? 0,
            to: listLink('paymentStatus', status),
          }))}
        />
        <CountCard
          title="Overall Progress"
          total={total}
          rows={PROGRESS_BANDS.map((band) => ({
            label: band,
            value: stats.byBand[band] ?? 0,
            to: listLink('band', band),
            color: bandColors[band],
          }))}
        />
      </SimpleGrid>
      <PendingDocuments documents={stats.pendingDocuments} />
    </Stack>
  );
}

/** The admin landing (architecture decision 2): counts, the onboarding funnel and pending documents. */
export function DashboardPage() {
  const stats = useDashboardStats();
  return (
    <Stack gap="lg">
      <Title order={1}>Trainer Onboarding Dashboard</Title>
      {stats.isPending ? (
        <PageLoader label="Loading dashboard" />
      ) : stats.isError ? (
        <ErrorView
          order={2}
          title="Error Loading Data"
          message={getErrorMessage(stats.error)}
          actions={<Button onClick={() => stats.refetch()}>Try Again</Button>}
        />
      ) : (
        <Overview stats={stats.data} />
      )}
    </Stack>
  );
}
