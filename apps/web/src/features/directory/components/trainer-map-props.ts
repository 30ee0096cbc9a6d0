import type { TrainerMarker } from '@soulpunch/shared';
import type { LatLngTuple } from 'leaflet';

// Type-only Leaflet import: this module stays in the main bundle, Leaflet does not.

/** Spec 9: the middle of the United States at zoom 4, 400 px high. */
export const MAP_CENTER: LatLngTuple = [39.8, -98.6];
export const MAP_ZOOM = 4;
/** Street level: as far as a provider's tiles go, and far enough to separate trainers in one town. */
export const MAP_MAX_ZOOM = 18;
export const MAP_HEIGHT = 400;
export const MAP_LABEL = 'Map of certified trainers';

export interface TrainerMapProps {
  /** Every matching trainer with a known place (the map's own compact feed, not the cards). */
  markers: TrainerMarker[];
  /**
   * Names the filters `markers` were found with, so the map can show where new results are; null while the
   * markers on screen are still those of earlier filters.
   */
  viewKey: string | null;
  /** The popup's 'View Profile': scroll to the trainer's card. */
  onViewProfile: (trainerId: number) => void;
}
