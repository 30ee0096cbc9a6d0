import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { calendarDayText, type TrainerProfileData } from '@soulpunch/shared';
import type { ReactNode } from 'react';
import { affiliateIdOf } from '../../format';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fw={500}>{children}</Text>
    </div>
  );
}

/** The training date and the affiliate link, from the trainer's own profile (the certificate has its own card). */
export function CertificationCard({ profile }: { profile: TrainerProfileData | undefined }) {
  const trainingDate = calendarDayText(profile?.trainingDate);
  const affiliateLink = profile?.affiliateLink ?? null;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Training and Affiliate
        </Title>
        <Fact label="Training Date">{trainingDate ?? 'Not set'}</Fact>
        <Fact label="Affiliate ID">{affiliateIdOf(affiliateLink) ?? 'Not set'}</Fact>
        <Fact label="Affiliate Link">
          {affiliateLink ? (
            <Anchor
              href={affiliateLink}
              target="_blank"
              rel="noopener noreferrer"
              style={{ wordBreak: 'break-all' }}
            >
              {affiliateLink}
            </Anchor>
          ) : (
            'Not set'
          )}
        </Fact>
      </Stack>
    </Card>
  );
}
