import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBrandWhatsapp,
  IconCalendarEvent,
  IconExternalLink,
  IconMail,
  IconVideo,
  type TablerIcon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pageBrand } from '@/lib/brand';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LegalPageLayout } from './components/legal-page-layout';
import { LegalPageNavigation } from './components/legal-page-navigation';
import {
  LIVE_SESSION_DAYS,
  LIVE_SESSION_URL,
  PRIVACY_POLICY_PATH,
  SUPPORT_REPLY_TIME,
  TERMS_AND_CONDITIONS_PATH,
  TERMS_OF_SERVICE_PATHS,
  TRAINER_DASHBOARD_PATH,
  WEEKLY_TRAINING_TIME,
} from './constants';
import type { LegalPageProps, LegalPageVariant } from './types';

function policyLinks(variant: LegalPageVariant) {
  return [
    { label: 'Terms of Service', to: TERMS_OF_SERVICE_PATHS[variant] },
    { label: 'Privacy Policy', to: PRIVACY_POLICY_PATH },
    { label: 'Certification Program Terms & Conditions', to: TERMS_AND_CONDITIONS_PATH },
  ];
}

export function SupportPage({ variant }: LegalPageProps) {
  useDocumentTitle('Support | Soul Punch');
  return (
    <LegalPageLayout
      title="Support"
      subtitle="Questions about the certification program, your account or a class? The Soul Punch team is here to help."
      navigation={<LegalPageNavigation variant={variant} />}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <SupportChannel icon={IconMail} title="Email Support">
          <Text>
            Write to us at{' '}
            <Anchor href={`mailto:${pageBrand().supportEmail}`} inherit underline="always">
              {pageBrand().supportEmail}
            </Anchor>
            . We reply within {SUPPORT_REPLY_TIME}.
          </Text>
          <Text>
            Please include your name and the e-mail address you use on the platform so that we can find your
            account quickly.
          </Text>
        </SupportChannel>

        <SupportChannel icon={IconVideo} title="Live Video Sessions">
          <Text>
            Talk to the Soul Punch team face to face in our live video support sessions, held every{' '}
            {LIVE_SESSION_DAYS.join(' and ')}.
          </Text>
          <Group gap="sm">
            <Button
              component="a"
              href={LIVE_SESSION_URL}
              target="_blank"
              rel="noopener noreferrer"
              rightSection={<IconExternalLink size={16} aria-hidden="true" />}
            >
              Join Live Session
            </Button>
            <Text size="sm" c="gray.7">
              Opens in a new tab.
            </Text>
          </Group>
        </SupportChannel>

        <SupportChannel icon={IconCalendarEvent} title="Weekly Live Training">
          <Text>
            Certified trainers meet for live training every week: <strong>{WEEKLY_TRAINING_TIME}</strong>.
          </Text>
          <Text>
            The Zoom link is listed under Essential Access in the resources on your trainer dashboard.
          </Text>
        </SupportChannel>

        <SupportChannel icon={IconBrandWhatsapp} title="WhatsApp Community">
          <Text>
            Connect with fellow Soul Punch trainers, share tips and get quick answers in our WhatsApp
            community. The invitation is in the resources on your trainer dashboard.
          </Text>
          <Group>
            <Button component={Link} to={TRAINER_DASHBOARD_PATH}>
              Join WhatsApp Community
            </Button>
          </Group>
        </SupportChannel>
      </SimpleGrid>

      <Stack component="section" gap="sm">
        <Title order={2}>Policies</Title>
        <Group gap="lg">
          {policyLinks(variant).map((link) => (
            <Anchor key={link.to} component={Link} to={link.to}>
              {link.label}
            </Anchor>
          ))}
        </Group>
      </Stack>
    </LegalPageLayout>
  );
}

interface SupportChannelProps {
  icon: TablerIcon;
  title: string;
  children: ReactNode;
}

function SupportChannel({ icon: Icon, title, children }: SupportChannelProps) {
  return (
    <Paper component="section" withBorder p="lg" radius="md">
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="md" aria-hidden="true">
            <Icon size={20} />
          </ThemeIcon>
          <Title order={2} size="h3">
            {title}
          </Title>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
