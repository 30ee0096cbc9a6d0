import { Avatar, type AvatarProps } from '@mantine/core';
import { directImageUrl } from '@soulpunch/shared';
import { initialsOf } from '../format';

interface TrainerAvatarProps extends Omit<AvatarProps, 'src' | 'children'> {
  name: string;
  picture: string | null | undefined;
}

/** The profile picture, or the name's initials when there is none or it fails to load (Avatar falls back). */
export function TrainerAvatar({ name, picture, ...props }: TrainerAvatarProps) {
  const src = picture?.trim() ? directImageUrl(picture) : null;
  return (
    <Avatar src={src} alt={`Profile picture of ${name}`} color="blue" {...props}>
      {initialsOf(name)}
    </Avatar>
  );
}
