import { describe, expect, it } from 'vitest';
import { packMarkers, type TrainerMarker, unpackMarkers } from './map-feed';

describe('the map feed', () => {
  const pins: TrainerMarker[] = [
    [12, 39.7397, -104.9768, 'Amy Brown', 0],
    [3, 36.1384, -95.97, 'Jasmine Carter', 1],
    [13, 47.5983, -122.329, 'Zoe', 0],
  ];

  it('packs pins into columns, ids as steps in ascending order, and unpacks them as they were', () => {
    const feed = packMarkers(pins);
    expect(feed).toEqual({
      idSteps: [3, 9, 1],
      latitudes: [36.1384, 39.7397, 47.5983],
      longitudes: [-95.97, -104.9768, -122.329],
      names: ['Jasmine Carter', 'Amy Brown', 'Zoe'],
      headquarters: [3],
    });
    expect(unpackMarkers(feed)).toEqual([...pins].sort((a, b) => a[0] - b[0]));
  });

  it('packs no pins as empty columns', () => {
    expect(unpackMarkers(packMarkers([]))).toEqual([]);
  });
});
