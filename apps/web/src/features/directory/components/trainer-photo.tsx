import { directImageUrl } from '@soulpunch/shared';
import { useState } from 'react';
import { initialOf } from '../format';
import classes from './directory-card.module.css';

interface TrainerPhotoProps {
  name: string;
  picture: string | null;
  /** Width and height in pixels. */
  size: number;
}

/** The trainer's photo, or their initial (decoration: the name is beside it) when there is none or it fails to load. */
export function TrainerPhoto({ name, picture, size }: TrainerPhotoProps) {
  const src = picture?.trim() ? directImageUrl(picture) : null;
  const [failed, setFailed] = useState<string | null>(null);
  const showPhoto = src !== null && failed !== src;
  return (
    <span className={classes.photo} style={{ width: size, height: size, fontSize: size / 2.5 }}>
      {showPhoto ? (
        <img src={src} alt={name} onError={() => setFailed(src)} />
      ) : (
        <span aria-hidden="true">{initialOf(name)}</span>
      )}
    </span>
  );
}
