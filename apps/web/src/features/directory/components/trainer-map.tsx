// Loaded on demand (React.lazy) so Leaflet and its styles stay out of the main bundle.
/// <reference types="leaflet.markercluster" />
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import './trainer-map.css';
import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { TrainerMarker } from '@soulpunch/shared';
import L from 'leaflet';
import 'leaflet.markercluster';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MapContainer, Popup, TileLayer, useMap } from 'react-leaflet';
import { useMapTiles } from '../api/get-map-tiles';
import { usePublicTrainer } from '../api/get-public-trainer';
import { POPUP_BIO_LENGTH, specialtiesOf, trainerLocation, truncate } from '../format';
import classes from './directory-card.module.css';
import {
  MAP_CENTER,
  MAP_HEIGHT,
  MAP_LABEL,
  MAP_MAX_ZOOM,
  MAP_ZOOM,
  type TrainerMapProps,
} from './trainer-map-props';
import { UsStatesLayer } from './us-states-layer';

// The marker images come from the bundle, not from an outside host.
const markerIcon = L.icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });

/** The default bubbles, with words for screen readers ('12 trainers' rather than '12'). */
function clusterIcon(cluster: L.MarkerCluster): L.DivIcon {
  const count = cluster.getChildCount();
  const size = count < 10 ? 'small' : count < 100 ? 'medium' : 'large';
  return L.divIcon({
    html: `<div><span>${count}<span class="${classes.visuallyHidden}"> trainers</span></span></div>`,
    className: `marker-cluster marker-cluster-${size}`,
    iconSize: L.point(40, 40),
  });
}

/**
 * A provider's tiles when the server is set up with them (MAP_TILE_URL); otherwise the states from the bundled
 * atlas, so by default the map calls no outside server and tells no one who looks at it.
 */
function MapGround() {
  const tiles = useMapTiles();
  if (tiles.isPending) return null;
  const provider = tiles.data?.tiles;
  return provider ? <TileLayer url={provider.url} attribution={provider.attribution} /> : <UsStatesLayer />;
}

/** Names the map for assistive technology: MapContainer passes no aria attributes to its element. */
function MapLabel() {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', MAP_LABEL);
  }, [map]);
  return null;
}

/**
 * The pins, clustered, drawn by Leaflet itself: thousands of markers are plain Leaflet layers added in chunks,
 * not React components. A pin already on the map stays as it is when the list changes.
 */
function ClusteredMarkers({
  markers,
  onSelect,
}: {
  markers: TrainerMarker[];
  onSelect: (id: number) => void;
}) {
  const map = useMap();
  const group = useMemo(
    () => L.markerClusterGroup({ chunkedLoading: true, iconCreateFunction: clusterIcon }),
    [],
  );
  const shown = useRef(new Map<number, L.Marker>());
  const select = useRef(onSelect);
  select.current = onSelect;

  useEffect(() => {
    map.addLayer(group);
    return () => {
      map.removeLayer(group);
    };
  }, [map, group]);

  useEffect(() => {
    const wanted = new Set(markers.map((m) => m[0]));
    const gone: L.Marker[] = [];
    for (const [id, marker] of shown.current) {
      if (!wanted.has(id)) {
        gone.push(marker);
        shown.current.delete(id);
      }
    }
    group.removeLayers(gone);
    const added: L.Marker[] = [];
    for (const [id, latitude, longitude, name] of markers) {
      if (shown.current.has(id)) continue;
      const marker = L.marker([latitude, longitude], { icon: markerIcon, alt: name, title: name });
      marker.on('click', () => select.current(id));
      // Leaflet makes the marker a focusable role="button" but opens nothing from the keyboard by itself.
      marker.on('keypress', (event: L.LeafletKeyboardEvent) => {
        if (event.originalEvent.key === 'Enter' || event.originalEvent.key === ' ') select.current(id);
      });
      shown.current.set(id, marker);
      added.push(marker);
    }
    group.addLayers(added);
  }, [group, markers]);
  return null;
}

/** When the filters change, shows where the matching trainers are; with no filters, the whole country. */
function FitToMarkers({ markers, viewKey }: { markers: TrainerMarker[]; viewKey: string | null }) {
  const map = useMap();
  const lastKey = useRef(viewKey);
  useEffect(() => {
    if (viewKey === null || lastKey.current === viewKey) return;
    lastKey.current = viewKey;
    if (!viewKey || markers.length === 0) {
      map.setView(MAP_CENTER, MAP_ZOOM);
      return;
    }
    const bounds = L.latLngBounds(markers.map(([, latitude, longitude]) => [latitude, longitude]));
    map.fitBounds(bounds, { padding: [32, 32], maxZoom: 10 });
  }, [map, markers, viewKey]);
  return null;
}

/** The name at once (it came with the pin); the rest when the trainer's public profile has loaded. */
function TrainerPopup({
  marker,
  onViewProfile,
}: {
  marker: TrainerMarker;
  onViewProfile: (id: number) => void;
}) {
  const map = useMap();
  const [id, , , name] = marker;
  const trainer = usePublicTrainer(id);
  const specialties = trainer.data ? specialtiesOf(trainer.data).slice(0, 2) : [];
  return (
    <Stack gap={6} maw={240}>
      <Text fw={700} size="md">
        {trainer.data?.displayName ?? name}
      </Text>
      {trainer.isPending && <Loader size="xs" aria-label="Loading trainer" />}
      {trainer.data && (
        <>
          <Text size="sm" c="gray.7">
            {trainerLocation(trainer.data)}
          </Text>
          <Text size="sm">{truncate(trainer.data.publicBio, POPUP_BIO_LENGTH)}</Text>
        </>
      )}
      {specialties.length > 0 && (
        <Group gap={4}>
          {specialties.map((s) => (
            <Badge key={s} variant="light" color="blue" tt="none" size="sm">
              {s}
            </Badge>
          ))}
        </Group>
      )}
      <Button
        size="xs"
        onClick={() => {
          map.closePopup();
          onViewProfile(id);
        }}
      >
        View Profile
      </Button>
    </Stack>
  );
}

export default function TrainerMap({ markers, viewKey, onViewProfile }: TrainerMapProps) {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = markers.find((m) => m[0] === selectedId) ?? null;
  // Opening another trainer's popup removes this one: only forget the selection if it is still this one.
  const popupHandlers = useMemo(
    () => ({ remove: () => setSelectedId((current) => (current === selectedId ? null : current)) }),
    [selectedId],
  );

  return (
    <MapContainer
      center={MAP_CENTER}
      zoom={MAP_ZOOM}
      // Tiles would set it; the clusters need it with the atlas alone too.
      maxZoom={MAP_MAX_ZOOM}
      // The states (thousands of points each) on one canvas rather than as SVG paths: far less work for a phone.
      preferCanvas
      scrollWheelZoom={false}
      className="trainer-map"
      style={{ height: MAP_HEIGHT, width: '100%', borderRadius: 8 }}
    >
      <MapLabel />
      <MapGround />
      <ClusteredMarkers markers={markers} onSelect={setSelectedId} />
      <FitToMarkers markers={markers} viewKey={viewKey} />
      {selected && (
        <Popup
          key={selected[0]}
          position={[selected[1], selected[2]]}
          // Where a popup bound to the marker would sit: the icon's popup anchor plus Leaflet's own offset.
          offset={[1, -27]}
          className="trainer-map-popup"
          eventHandlers={popupHandlers}
        >
          <TrainerPopup marker={selected} onViewProfile={onViewProfile} />
        </Popup>
      )}
    </MapContainer>
  );
}
