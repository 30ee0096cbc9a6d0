import {
  Anchor,
  Badge,
  Box,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { NO_CONTACT_MESSAGE, type PublicTrainer } from '@soulpunch/shared';
import { IconArrowLeft, IconMail, IconMapPin, IconPhone, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { PageLoader } from '@/components/page-loader';
import { PublicHeader } from '@/components/public-header';
import { SubscribeLink } from '@/components/subscribe-link';
import { Island } from '@/islands/island';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePublicTrainer } from '../api/get-public-trainer';
import { trainerLocation } from '../format';
import { type DirectoryPaths, type DirectoryVariant, directoryPaths } from '../paths';
import { BuyDeviceButton } from './buy-device-button';
import { ContactTrainerButton } from './contact-trainer-button';
import { PublicFooter } from './public-footer';
import { SocialLinks } from './social-links';
import { StarRating } from './star-rating';
import { Testimonials } from './testimonials';
import { TrainerPhoto } from './trainer-photo';
import { ClassCard } from './upcoming-class';

function parseTrainerId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** The same titles the server puts in the page for search engines and link previews. */
function profileTitle(trainer: PublicTrainer | undefined, failed: boolean): string | null {
  if (failed) return 'Trainer not found | Soul Punch';
  if (!trainer) return null;
  const where = trainer.displayLocation ? ` in ${trainer.displayLocation}` : '';
  return `${trainer.displayName}, Certified Self-Defense Trainer${where} | Soul Punch`;
}

function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {children}
    </Box>
  );
}

/** Spec: e-mail and phone only when the trainer made them public, else a pointer to the website. */
function ContactBlock({ trainer }: { trainer: PublicTrainer }) {
  const { publicEmail, publicPhone } = trainer;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="contact-title">
      <Title order={2} size="h4" mb="sm" id="contact-title">
        Contact Information
      </Title>
      {publicEmail || publicPhone ? (
        <Stack gap="xs">
          {publicEmail && (
            <Group gap="xs" wrap="nowrap">
              <IconMail size={16} aria-hidden="true" />
              <Anchor href={`mailto:${publicEmail}`}>{publicEmail}</Anchor>
            </Group>
          )}
          {publicPhone && (
            <Group gap="xs" wrap="nowrap">
              <IconPhone size={16} aria-hidden="true" />
              <Anchor href={`tel:${publicPhone.replace(/[^\d+]/g, '')}`}>{publicPhone}</Anchor>
            </Group>
          )}
        </Stack>
      ) : (
        <Text c="gray.7">{NO_CONTACT_MESSAGE}</Text>
      )}
    </Paper>
  );
}

function TrainerProfile({ trainer, paths }: { trainer: PublicTrainer; paths: DirectoryPaths }) {
  const location = trainerLocation(trainer);
  return (
    <Stack gap="xl">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Group gap="lg" align="flex-start">
          <TrainerPhoto name={trainer.displayName} picture={trainer.profilePicture} size={120} />
          <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
            <Title order={1}>{trainer.displayName}</Title>
            {location && (
              <Group gap={6} wrap="nowrap">
                <IconMapPin size={18} aria-hidden="true" />
                <Text c="gray.7">{location}</Text>
              </Group>
            )}
            <StarRating rating={trainer.rating} />
            <Group gap={6}>
              <Badge color="blue" variant="light" tt="none">
                Soul Punch Certified Trainer
              </Badge>
              {trainer.status === 'hq' && (
                <Badge color="grape.9" variant="filled">
                  Headquarters
                </Badge>
              )}
              {trainer.featuredTrainer && (
                <Badge color="pink" variant="light">
                  Featured Trainer
                </Badge>
              )}
            </Group>
            {trainer.certifiedThrough && (
              <Text size="sm" c="gray.7">
                Certified through {certifiedMonth(trainer.certifiedThrough)}
              </Text>
            )}
            <SocialLinks trainer={trainer} />
          </Stack>
        </Group>
      </Paper>

      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <ProfileSection title="About">
              <Text>{trainer.publicBio}</Text>
            </ProfileSection>
            {trainer.specializations.length > 0 && (
              <ProfileSection title="Specialties">
                <Group gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                  {trainer.specializations.map((s) => (
                    <Badge key={s} component="li" variant="light" color="blue" tt="none">
                      {s}
                    </Badge>
                  ))}
                </Group>
              </ProfileSection>
            )}
            <ProfileSection title="Class Types">
              <Group gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {trainer.classTypes.map((c) => (
                  <Badge key={c} component="li" variant="outline" color="blue.9" tt="none">
                    {c}
                  </Badge>
                ))}
              </Group>
            </ProfileSection>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              <ProfileSection title="Experience">
                <Text>{trainer.experienceDescription}</Text>
              </ProfileSection>
              <ProfileSection title="Availability">
                <Text>{trainer.availabilityDescription}</Text>
              </ProfileSection>
            </SimpleGrid>
            <Testimonials testimonials={trainer.testimonials ?? []} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <ContactBlock trainer={trainer} />
            <BuyDeviceButton affiliateLink={trainer.affiliateLink} fullWidth />
            <Island
              name="contact-trainer"
              component={ContactTrainerButton}
              props={{ name: trainer.displayName, contact: trainer.displayContact, fullWidth: true }}
            />
            <Button
              component={Link}
              to={paths.directory}
              variant="default"
              fullWidth
              leftSection={<IconUsers size={16} aria-hidden="true" />}
            >
              Find Other Trainers
            </Button>
          </Stack>
        </Grid.Col>
      </Grid>

      <Box component="section" aria-labelledby="classes-title">
        <Group justify="space-between" align="baseline" mb="md" gap="xs">
          <Title order={2} size="h3" id="classes-title">
            Upcoming Classes
          </Title>
          {/* The same feed as the trainer's own calendar subscription (GET /api/calendar/trainers/{id}.ics). */}
          <SubscribeLink feed={`/api/calendar/trainers/${trainer.id}.ics`}>
            Subscribe to this trainer's classes
          </SubscribeLink>
        </Group>
        {trainer.upcomingClasses.length > 0 ? (
          <SimpleGrid component="ul" cols={{ base: 1, sm: 2, md: 3 }} spacing="md" p={0} m={0}>
            {trainer.upcomingClasses.map((c) => (
              <ClassCard key={c.id} upcomingClass={c} />
            ))}
          </SimpleGrid>
        ) : (
          <Paper withBorder radius="md" p="lg" ta="center">
            <Text fw={700} size="lg">
              No Classes Scheduled
            </Text>
            <Text c="gray.7" size="sm">
              This trainer has no upcoming classes right now. Contact them to ask about the next one.
            </Text>
          </Paper>
        )}
      </Box>
    </Stack>
  );
}

/** /trainer/{id} and /public/trainer/{id}: one listed trainer's public profile. */
/** 'March 2028': the month a certificate's expiry falls in (a calendar day: no time zone may shift it). */
function certifiedMonth(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'long',
    year: 'numeric',
  });
}

export function TrainerProfilePage({ variant }: { variant: DirectoryVariant }) {
  const paths = directoryPaths(variant);
  const trainerId = parseTrainerId(useParams().id);
  const trainer = usePublicTrainer(trainerId);
  useDocumentTitle(profileTitle(trainer.data, trainer.isError || trainerId === null));

  let body: ReactNode;
  if (trainerId !== null && trainer.isPending) {
    body = <PageLoader label="Loading trainer" />;
  } else if (trainerId === null || trainer.isError || !trainer.data) {
    body = (
      <ErrorView
        title="Error Loading Trainer"
        message="We couldn't load this trainer's information. Please try again or contact Soul Punch directly."
        actions={
          <Button
            component={Link}
            to={paths.directory}
            leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
          >
            Back to Trainer Directory
          </Button>
        }
      />
    );
  } else {
    body = <TrainerProfile trainer={trainer.data} paths={paths} />;
  }

  return (
    <>
      <PublicHeader variant={variant} />
      <Container size="lg" py="xl">
        {body}
      </Container>
      {variant === 'public' && <PublicFooter />}
    </>
  );
}
