import { Badge } from '@mantine/core';
import { progressBand } from '@soulpunch/shared';
import { bandColors } from '../../utils/labels';

/** The overall score's band; the coloured dot matches the bar and the text stays dark for contrast. */
export function BandBadge({ overall }: { overall: number }) {
  const band = progressBand(overall);
  return (
    <Badge
      variant="dot"
      color={bandColors[band]}
      size="sm"
      tt="none"
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {band}
    </Badge>
  );
}
