import { Anchor, Button, Card, Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  type DashboardStats,
  DOCUMENT_TYPES,
  formatNumber,
  ONBOARDING_STATUSES,
  PAYMENT_STATUSES,
  PROGRESS_BANDS,
  type TrainerAwaitingDocuments,
} from '@soulpunch/shared';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { PageLoader } from '@/components/page-loader';
import { InsightsSection } from '@/features/insights';
import { LowStockNotice } from '@/features/inventory';
import { getErrorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDashboardStats } from '../../api/get-dashboard-stats';
import {
  bandColors,
  colorVar,
  documentTypeLabels,
  labelOf,
  onboardingStatusLabels,
  paymentStatusLabels,
} from '../../utils/labels';

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
                    {formatNumber(row.value)}
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

/** 'Trainer Agreement (sent), Liability Waiver (expired)': what a trainer still has to sign, or that none was sent. */
function documentsLine({ documents }: TrainerAwaitingDocuments): string {
  if (documents.length === 0) return 'No documents sent yet';
  const signed = documents.filter((d) => d.status === 'signed').length;
  const waiting = documents
    .filter((d) => d.status !== 'signed')
    .map((d) => `${d.title || labelOf(documentTypeLabels, d.type)} (${d.status})`);
  const tally = `${signed} of ${DOCUMENT_TYPES.length} signed`;
  return waiting.length ? `${tally} · waiting: ${waiting.join(', ')}` : tally;
}

/**
 * The trainers the 'Documents Pending' count counts: how many, the first ten by name (the server derives both
 * from the same read) and the filtered list for the rest; and a pointer to any other unsigned documents, of
 * trainers before or after that stage.
 */
function DocumentsPending({ stats }: { stats: DashboardStats }) {
  const awaiting = stats.awaitingDocuments;
  const total = stats.awaitingDocumentsTotal;
  const elsewhere = stats.pendingDocumentsElsewhere;
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          Documents Pending
        </Title>
        {total === 0 && elsewhere === 0 ? (
          <Text c="gray.7">No pending documents</Text>
        ) : total === 0 ? (
          <Text c="gray.7">No trainer's onboarding is waiting on documents.</Text>
        ) : (
          <>
            <Text size="sm" c="gray.7">
              {total === 1
                ? '1 trainer has documents to sign before onboarding is complete.'
                : `${formatNumber(total)} trainers have documents to sign before onboarding is complete.`}
            </Text>
            <Stack
              component="ul"
              gap="xs"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label="Trainers with documents to sign"
            >
              {awaiting.map((trainer) => (
                <li key={trainer.trainerId}>
                  <Anchor component={Link} to={`/admin/trainers/${trainer.trainerId}`} fw={600} size="sm">
                    {trainer.trainerName}
                  </Anchor>
                  <Text size="sm" c="gray.7">
                    {documentsLine(trainer)}
                  </Text>
                </li>
              ))}
            </Stack>
            {total > awaiting.length && (
              <Anchor component={Link} to={listLink('onboardingStatus', 'documents_pending')} size="sm">
                View all {formatNumber(total)} trainers with documents pending
              </Anchor>
            )}
          </>
        )}
        {elsewhere > 0 && (
          <Text size="sm" c="gray.7">
            {total ? 'Also, ' : ''}
            {elsewhere === 1 ? '1 document awaits' : `${formatNumber(elsewhere)} documents await`} the
            signature of trainers at other stages of onboarding.{' '}
            <Anchor component={Link} to="/admin/documents" size="sm" underline="always">
              All documents
            </Anchor>
          </Text>
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
              {formatNumber(total)}
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
      <DocumentsPending stats={stats} />
    </Stack>
  );
}

function OverviewTab() {
  const stats = useDashboardStats();
  return stats.isPending ? (
    <PageLoader label="Loading dashboard" fill />
  ) : stats.isError ? (
    <ErrorView
      order={2}
      title="Error Loading Data"
      message={getErrorMessage(stats.error)}
      actions={<Button onClick={() => stats.refetch()}>Try Again</Button>}
    />
  ) : (
    <Overview stats={stats.data} />
  );
}

/**
 * The admin landing (architecture decision 2): counts, the onboarding funnel and pending documents, the inventory's
 * notice, and the Insights tab's trends (decision record 0017; its charts load with the tab).
 */
export function DashboardPage() {
  useDocumentTitle('Dashboard | Soul Punch Admin');
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'insights' ? 'insights' : 'overview';
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="baseline" gap="sm">
        <Title order={1}>Trainer Onboarding Dashboard</Title>
        {/* The admin lands here ('/' sends them): the public side of the site is one step away. */}
        <Group component="nav" aria-label="Public site" gap="md">
          <Anchor component={Link} to="/public" underline="always">
            Public site
          </Anchor>
          <Anchor component={Link} to="/onboarding/checkout" underline="always">
            Enrolment checkout
          </Anchor>
        </Group>
      </Group>
      <LowStockNotice />
      <Tabs
        value={view}
        onChange={(value) => setParams(value === 'insights' ? { view: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="insights">Insights</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="lg">
          <OverviewTab />
        </Tabs.Panel>
        <Tabs.Panel value="insights" pt="lg">
          <InsightsSection />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
