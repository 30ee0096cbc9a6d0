import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TrainerFull } from '@soulpunch/shared';
import type { ReactNode } from 'react';
import { engagementScores } from '../../utils/labels';
import { PaymentStatusBadge } from '../shared/payment-status-badge';
import { ScoreBar } from '../shared/score-bar';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="gray.7" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

const orNotProvided = (value: string | null) => (value?.trim() ? value : 'Not provided');

/** Spec 2.3 view mode: basic information and the training engagement panel. */
export function TrainerView({ trainer }: { trainer: TrainerFull }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Title order={2} size="h3">
            Basic Information
          </Title>
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
            <Detail label="Name">{trainer.name}</Detail>
            <Detail label="Email">{trainer.email}</Detail>
            <Detail label="Phone">{orNotProvided(trainer.phone)}</Detail>
            <Detail label="City">{orNotProvided(trainer.city)}</Detail>
            <Detail label="State">{orNotProvided(trainer.state)}</Detail>
            <Detail label="Payment Status">
              <PaymentStatusBadge status={trainer.paymentStatus} />
            </Detail>
          </SimpleGrid>
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Title order={2} size="h3">
            Training Engagement
          </Title>
          {engagementScores.map((score) => (
            <ScoreBar
              key={score.key}
              label={score.label}
              value={trainer.engagement[score.key]}
              banded={score.key === 'overall'}
              size="md"
            />
          ))}
        </Stack>
      </Card>
    </SimpleGrid>
  );
}
