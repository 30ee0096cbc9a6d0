import type { FeatureCollection } from 'geojson';
import type { PathOptions } from 'leaflet';
import { GeoJSON } from 'react-leaflet';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// US Census Bureau state outlines, 1:10,000,000, from the us-atlas package (ISC): bundled with the map's code.
import atlas from 'us-atlas/states-10m.json';

const topology = atlas as unknown as Topology<{ states: GeometryCollection }>;
const states = feature(topology, topology.objects.states) as FeatureCollection;

const STATE_STYLE: PathOptions = {
  color: '#8a99ad',
  weight: 1,
  fillColor: '#f4f1ea',
  fillOpacity: 1,
};

/** The states drawn from the bundled atlas: the map works offline and asks no outside server for anything. */
export function UsStatesLayer() {
  return (
    <GeoJSON data={states} style={STATE_STYLE} interactive={false} attribution="States: US Census Bureau" />
  );
}
