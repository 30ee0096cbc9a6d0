import { Avatar, type AvatarProps } from '@mantine/core';
import { directImageUrl } from '@soulpunch/shared';
import { initialOf } from '../format';

interface TrainerPhotoProps extends Omit<AvatarProps, 'src' | 'children' | 'alt'> {
  name: string;
  picture: string | null;
}

/** The trainer's photo, or their initial when there is none or it fails to load (Avatar falls back). */
export function TrainerPhoto({ name, picture, ...props }: TrainerPhotoProps) {
  const src = picture?.trim() ? directImageUrl(picture) : null;
  return (
    <Avatar src={src} alt={`Photo of ${name}`} color="blue" radius="xl" {...props}>
      <span aria-hidden="true">{initialOf(name)}</span>
    </Avatar>
  );
}
