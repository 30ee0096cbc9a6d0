import { Alert, Badge, Box, Button, Card, Group, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import type { PublicTrainer } from '@soulpunch/shared';
import { IconMapPin, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { distanceText, specialtiesOf, trainerLocation } from '../format';
import { BuyDeviceButton } from './buy-device-button';
import { ContactTrainerButton } from './contact-trainer-button';
import { SocialLinks } from './social-links';
import { StarRating } from './star-rating';
import { TrainerPhoto } from './trainer-photo';
import { ClassSummary } from './upcoming-class';

/** Spec 9: a card lists up to 2 upcoming classes. */
export const CARD_CLASS_LIMIT = 2;

export const trainerCardId = (trainerId: number) => `trainer-${trainerId}`;

interface TrainerCardProps {
  trainer: PublicTrainer;
  profilePath: string;
  headingOrder: TitleOrder;
}

function Detail({ label, children }: { label: string; children: string }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

export function TrainerCard({ trainer, profilePath, headingOrder }: TrainerCardProps) {
  const headingId = `${trainerCardId(trainer.id)}-name`;
  const location = trainerLocation(trainer);
  const shownClasses = trainer.upcomingClasses.slice(0, CARD_CLASS_LIMIT);
  const moreClasses = trainer.upcomingClasses.length - shownClasses.length;
  const specialties = specialtiesOf(trainer);

  return (
    <Card
      component="article"
      id={trainerCardId(trainer.id)}
      aria-labelledby={headingId}
      // The map's 'View Profile' moves focus here.
      tabIndex={-1}
      withBorder
      radius="md"
      padding="lg"
      // A card off screen is laid out only when it nears the view: the first page of cards costs a phone
      // far less to show (the 'auto' size keeps each card's real height once it has been seen).
      style={{ scrollMarginTop: 16, contentVisibility: 'auto', containIntrinsicSize: 'auto 420px' }}
    >
      <Stack gap="sm" h="100%">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <TrainerPhoto name={trainer.displayName} picture={trainer.profilePicture} size={64} />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={headingOrder} size="h4" id={headingId}>
              {trainer.displayName}
            </Title>
            {location && (
              <Group gap={4} wrap="nowrap">
                <IconMapPin size={14} aria-hidden="true" />
                <Text size="sm" c="gray.7">
                  {location}
                </Text>
              </Group>
            )}
            <StarRating rating={trainer.rating} />
          </Stack>
        </Group>

        <Group gap={6}>
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
          {trainer.distanceMiles !== null && (
            <Badge color="teal" variant="light" tt="none">
              {distanceText(trainer.distanceMiles)}
            </Badge>
          )}
        </Group>

        <SocialLinks trainer={trainer} />

        <Text size="sm">{trainer.publicBio}</Text>

        {specialties.length > 0 && (
          <Box>
            <Text size="sm" fw={600} mb={4}>
              Specialties
            </Text>
            <Group gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {specialties.map((s) => (
                <Badge key={s} component="li" variant="light" color="blue" tt="none">
                  {s}
                </Badge>
              ))}
            </Group>
          </Box>
        )}

        <Stack gap={2}>
          <Detail label="Availability">{trainer.availabilityDescription}</Detail>
          <Detail label="Experience">{trainer.experienceDescription}</Detail>
        </Stack>

        {shownClasses.length > 0 && (
          <Box>
            <Text size="sm" fw={600} mb={4}>
              Upcoming Classes
            </Text>
            <Stack gap={6} component="ul" p={0} m={0}>
              {shownClasses.map((c) => (
                <ClassSummary key={c.id} upcomingClass={c} />
              ))}
            </Stack>
            {moreClasses > 0 && (
              <Alert color="blue" variant="light" p="xs" mt={6}>
                <Text size="sm">
                  +{moreClasses} more {moreClasses === 1 ? 'class' : 'classes'}: see the full profile.
                </Text>
              </Alert>
            )}
          </Box>
        )}

        <Group gap="xs" mt="auto" pt="xs">
          <BuyDeviceButton affiliateLink={trainer.affiliateLink} size="sm" />
          <ContactTrainerButton name={trainer.displayName} contact={trainer.displayContact} size="sm" />
          <Button
            component={Link}
            to={profilePath}
            variant="default"
            size="sm"
            leftSection={<IconUser size={16} aria-hidden="true" />}
          >
            View Full Profile
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
