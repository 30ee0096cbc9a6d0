import { progressBand } from '@soulpunch/shared';
import type { CSSProperties } from 'react';
import { bandColors, colorVar } from '../../utils/labels';
import { BandBadge } from './band-badge';
import classes from './score-bar.module.css';

interface ScoreBarProps {
  label: string;
  /** 0 to 100. */
  value: number;
  /** The overall score is coloured and labelled by its band. */
  banded?: boolean;
  size?: 'sm' | 'md';
}

/** One labelled progress bar; its accessible name reads like 'Profile Setup 63%'. */
export function ScoreBar({ label, value, banded = false, size = 'sm' }: ScoreBarProps) {
  const color = banded ? bandColors[progressBand(value)] : 'blue.8';
  const percent = Math.max(0, Math.min(100, value));
  return (
    <div className={classes.score}>
      <div className={classes.head}>
        <span className={classes.label}>
          <span className={classes.name}>{label}</span>
          {banded && <BandBadge overall={value} />}
        </span>
        <span className={classes.value}>{value}%</span>
      </div>
      <div
        className={classes.track}
        style={{ '--score-track-height': size === 'md' ? '12px' : '8px' } as CSSProperties}
        role="progressbar"
        aria-label={`${label} ${value}%`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}%`}
      >
        <div className={classes.fill} style={{ width: `${percent}%`, background: colorVar(color) }} />
      </div>
    </div>
  );
}
