import { Button, Title, type TitleOrder } from '@mantine/core';
import type { PublicTrainer } from '@soulpunch/shared';
import { IconMapPin, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { distanceText, specialtiesOf, trainerLocation } from '../format';
import { BuyDeviceButton } from './buy-device-button';
import { ContactTrainerButton } from './contact-trainer-button';
import classes from './directory-card.module.css';
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
    <p className={classes.text}>
      <span className={classes.strong}>{label}:</span> {children}
    </p>
  );
}

/**
 * One trainer in the directory. Plain elements for what only shows (directory-card.module.css says why); Mantine
 * for the photo, the heading and the buttons.
 */
export function TrainerCard({ trainer, profilePath, headingOrder }: TrainerCardProps) {
  const headingId = `${trainerCardId(trainer.id)}-name`;
  const location = trainerLocation(trainer);
  const shownClasses = trainer.upcomingClasses.slice(0, CARD_CLASS_LIMIT);
  const moreClasses = trainer.upcomingClasses.length - shownClasses.length;
  const specialties = specialtiesOf(trainer);

  return (
    <article
      className={classes.card}
      id={trainerCardId(trainer.id)}
      aria-labelledby={headingId}
      // The map's 'View Profile' moves focus here.
      tabIndex={-1}
      style={{ scrollMarginTop: 16 }}
    >
      <div className={classes.stack}>
        <div className={classes.identity}>
          <TrainerPhoto name={trainer.displayName} picture={trainer.profilePicture} size={64} />
          <div className={classes.who}>
            <Title order={headingOrder} size="h4" id={headingId}>
              {trainer.displayName}
            </Title>
            {location && (
              <p className={`${classes.text} ${classes.muted} ${classes.location}`}>
                <IconMapPin size={14} aria-hidden="true" />
                {location}
              </p>
            )}
            <StarRating rating={trainer.rating} />
          </div>
        </div>

        <div className={classes.row}>
          {trainer.status === 'hq' && (
            <span className={`${classes.badge} ${classes.headquarters}`}>Headquarters</span>
          )}
          {trainer.featuredTrainer && (
            <span className={`${classes.badge} ${classes.featured}`}>Featured Trainer</span>
          )}
          {trainer.distanceMiles !== null && (
            <span className={`${classes.badge} ${classes.distance} ${classes.asWritten}`}>
              {distanceText(trainer.distanceMiles)}
            </span>
          )}
        </div>

        <SocialLinks trainer={trainer} />

        <p className={classes.text}>{trainer.publicBio}</p>

        {specialties.length > 0 && (
          <div>
            <p className={classes.label}>Specialties</p>
            <ul className={`${classes.list} ${classes.row}`}>
              {specialties.map((s) => (
                <li key={s} className={`${classes.badge} ${classes.specialty} ${classes.asWritten}`}>
                  {s}
                </li>
              ))}
            </ul>
          </div>
        )}

        <div className={classes.details}>
          <Detail label="Availability">{trainer.availabilityDescription}</Detail>
          <Detail label="Experience">{trainer.experienceDescription}</Detail>
        </div>

        {shownClasses.length > 0 && (
          <div>
            <p className={classes.label}>Upcoming Classes</p>
            <ul className={`${classes.list} ${classes.classes}`}>
              {shownClasses.map((c) => (
                <ClassSummary key={c.id} upcomingClass={c} />
              ))}
            </ul>
            {moreClasses > 0 && (
              <p className={`${classes.text} ${classes.more}`}>
                +{moreClasses} more {moreClasses === 1 ? 'class' : 'classes'}: see the full profile.
              </p>
            )}
          </div>
        )}

        <div className={classes.actions}>
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
        </div>
      </div>
    </article>
  );
}
