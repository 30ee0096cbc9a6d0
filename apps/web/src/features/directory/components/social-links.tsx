import type { PublicTrainer } from '@soulpunch/shared';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandTiktok,
  IconBrandYoutube,
  IconWorld,
} from '@tabler/icons-react';
import { type SocialPlatform, socialUrl } from '../format';
import classes from './directory-card.module.css';

const platforms: { key: SocialPlatform; label: string; icon: typeof IconWorld }[] = [
  { key: 'instagram', label: 'Instagram', icon: IconBrandInstagram },
  { key: 'facebook', label: 'Facebook', icon: IconBrandFacebook },
  { key: 'tiktok', label: 'TikTok', icon: IconBrandTiktok },
  { key: 'youtube', label: 'YouTube', icon: IconBrandYoutube },
  { key: 'website', label: 'Website', icon: IconWorld },
];

type SocialFields = Pick<PublicTrainer, 'displayName' | SocialPlatform>;

/** Only the links the trainer made public; nothing at all when there are none. */
export function SocialLinks({ trainer }: { trainer: SocialFields }) {
  const links = platforms.flatMap(({ key, label, icon }) => {
    const href = socialUrl(key, trainer[key]);
    return href ? [{ key, label, icon, href }] : [];
  });
  if (links.length === 0) return null;
  return (
    <ul
      className={`${classes.list} ${classes.row}`}
      style={{ gap: 4 }}
      aria-label={`${trainer.displayName} online`}
    >
      {links.map(({ key, label, icon: Icon, href }) => (
        <li key={key}>
          <a
            className={classes.social}
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${trainer.displayName} on ${label}`}
          >
            <Icon size={20} aria-hidden="true" />
          </a>
        </li>
      ))}
    </ul>
  );
}
