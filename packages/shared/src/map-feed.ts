// The map's pins and their feed. Kept apart from the directory's schemas: the public pages import it, and
// it must not bring zod into their first download.

/** One pin of the map: [id, latitude, longitude, display name, 1 for headquarters else 0]. */
export type TrainerMarker = [id: number, latitude: number, longitude: number, name: string, hq: 0 | 1];

/**
 * The map's feed (GET /api/public-trainers/markers): every pin, in columns, because a column of like values
 * compresses far better than pins one after another (10,000 generated trainers: 29 KB gzip instead of 60).
 * Ids go in ascending order, each as its step from the one before, so mostly 1s; `headquarters` lists ids.
 */
export interface TrainerMarkerFeed {
  idSteps: number[];
  latitudes: number[];
  longitudes: number[];
  names: string[];
  headquarters: number[];
}

/** The feed of these pins (sorted by id). */
export function packMarkers(markers: TrainerMarker[]): TrainerMarkerFeed {
  const sorted = [...markers].sort((a, b) => a[0] - b[0]);
  return {
    idSteps: sorted.map(([id], i) => id - (i === 0 ? 0 : (sorted[i - 1] as TrainerMarker)[0])),
    latitudes: sorted.map((m) => m[1]),
    longitudes: sorted.map((m) => m[2]),
    names: sorted.map((m) => m[3]),
    headquarters: sorted.filter((m) => m[4] === 1).map((m) => m[0]),
  };
}

/** The pins of a feed, in id order. */
export function unpackMarkers(feed: TrainerMarkerFeed): TrainerMarker[] {
  const headquarters = new Set(feed.headquarters);
  let id = 0;
  return feed.idSteps.map((step, i) => {
    id += step;
    return [
      id,
      feed.latitudes[i] as number,
      feed.longitudes[i] as number,
      feed.names[i] as string,
      headquarters.has(id) ? 1 : 0,
    ];
  });
}
