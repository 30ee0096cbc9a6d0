import type { TrainersInState } from '@soulpunch/shared';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// US Census Bureau state outlines, already projected (Albers USA, 975 x 610): no projection code needed.
import atlas from 'us-atlas/states-albers-10m.json';

const topology = atlas as unknown as Topology<{ states: GeometryCollection<{ name: string }> }>;
const states = feature(topology, topology.objects.states) as FeatureCollection<
  Polygon | MultiPolygon,
  { name: string }
>;

/** Light to dark: 0 trainers is the lightest, the most trainers the darkest. */
export const MAP_SHADES = ['#f1f3f5', '#d0ebff', '#74c0fc', '#228be6', '#1864ab', '#0b3d6b'];

const ring = (points: number[][]) => `M${points.map((p) => `${p[0]},${p[1]}`).join('L')}Z`;
function pathOf(shape: Feature<Polygon | MultiPolygon>): string {
  const g = shape.geometry;
  const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
  return polygons.flatMap((polygon) => polygon.map(ring)).join('');
}
const paths = states.features.map((f) => ({ name: f.properties.name, d: pathOf(f) }));

/** The shade of a count, on a scale up to the largest. */
export function shadeOf(count: number, max: number): string {
  if (count <= 0 || max <= 0) return MAP_SHADES[0] as string;
  const step = Math.ceil((count / max) * (MAP_SHADES.length - 1));
  return MAP_SHADES[Math.min(MAP_SHADES.length - 1, Math.max(1, step))] as string;
}

/** Trainers per state, shaded (the table beside it gives the numbers). */
export function UsStateMap({ counts }: { counts: readonly TrainersInState[] }) {
  const byName = new Map(counts.map((c) => [c.name.toUpperCase(), c.trainers]));
  const max = Math.max(0, ...counts.filter((c) => c.state !== 'other').map((c) => c.trainers));
  return (
    <svg viewBox="0 0 975 610" width="100%" role="presentation" style={{ display: 'block', maxHeight: 360 }}>
      {paths.map((p) => {
        const n = byName.get(p.name.toUpperCase()) ?? 0;
        return (
          <path key={p.name} d={p.d} fill={shadeOf(n, max)} stroke="#868e96" strokeWidth={0.75}>
            <title>{`${p.name}: ${n} ${n === 1 ? 'trainer' : 'trainers'}`}</title>
          </path>
        );
      })}
    </svg>
  );
}
