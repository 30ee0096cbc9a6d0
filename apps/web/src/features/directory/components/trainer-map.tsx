// Loaded on demand (React.lazy) so Leaflet and its styles stay out of the main bundle.
/// <reference types="leaflet.markercluster" />
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import './trainer-map.css';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { PublicTrainer } from '@soulpunch/shared';
import L from 'leaflet';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import { POPUP_BIO_LENGTH, specialtiesOf, trainerLocation, truncate } from '../format';
import { MAP_CENTER, MAP_HEIGHT, MAP_LABEL, MAP_ZOOM, type TrainerMapProps } from './trainer-map-props';

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
    html: `<div><span>${count}<span class="trainer-map-sr-only"> trainers</span></span></div>`,
    className: `marker-cluster marker-cluster-${size}`,
    iconSize: L.point(40, 40),
  });
}

interface TrainerMarkerProps {
  id: number;
  latitude: number;
  longitude: number;
  label: string;
  onSelect: (id: number) => void;
}

/** Memoised on plain values: a new list with the same trainer does not touch its Leaflet marker. */
const TrainerMarker = memo(function TrainerMarker({
  id,
  latitude,
  longitude,
  label,
  onSelect,
}: TrainerMarkerProps) {
  const position = useMemo<L.LatLngTuple>(() => [latitude, longitude], [latitude, longitude]);
  const eventHandlers = useMemo(() => ({ click: () => onSelect(id) }), [id, onSelect]);
  return (
    <Marker position={position} icon={markerIcon} alt={label} title={label} eventHandlers={eventHandlers} />
  );
});

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

type Located = PublicTrainer & { latitude: number; longitude: number };
const isLocated = (t: PublicTrainer): t is Located => t.latitude !== null && t.longitude !== null;

/** When the filters change, shows where the matching trainers are; with no filters, the whole country. */
function FitToTrainers({ trainers, viewKey }: { trainers: Located[]; viewKey: string | null }) {
  const map = useMap();
  const lastKey = useRef(viewKey);
  useEffect(() => {
    if (viewKey === null || lastKey.current === viewKey) return;
    lastKey.current = viewKey;
    if (!viewKey || trainers.length === 0) {
      map.setView(MAP_CENTER, MAP_ZOOM);
      return;
    }
    const bounds = L.latLngBounds(trainers.map((t) => [t.latitude, t.longitude] as L.LatLngTuple));
    map.fitBounds(bounds, { padding: [32, 32], maxZoom: 10 });
  }, [map, trainers, viewKey]);
  return null;
}

function TrainerPopup({ trainer, onViewProfile }: { trainer: Located; onViewProfile: (id: number) => void }) {
  const map = useMap();
  const specialties = specialtiesOf(trainer).slice(0, 2);
  return (
    <Stack gap={6} maw={240}>
      <Text fw={700} size="md">
        {trainer.displayName}
      </Text>
      <Text size="sm" c="gray.7">
        {trainerLocation(trainer)}
      </Text>
      <Text size="sm">{truncate(trainer.publicBio, POPUP_BIO_LENGTH)}</Text>
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
          onViewProfile(trainer.id);
        }}
      >
        View Profile
      </Button>
    </Stack>
  );
}

export default function TrainerMap({ trainers, viewKey, onViewProfile }: TrainerMapProps) {
  const located = useMemo(() => trainers.filter(isLocated), [trainers]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = located.find((t) => t.id === selectedId) ?? null;
  const onSelect = useCallback((id: number) => setSelectedId(id), []);
  // Opening another trainer's popup removes this one: only forget the selection if it is still this one.
  const popupHandlers = useMemo(
    () => ({ remove: () => setSelectedId((current) => (current === selectedId ? null : current)) }),
    [selectedId],
  );

  const markers = useMemo(
    () =>
      located.map((t) => (
        <TrainerMarker
          key={t.id}
          id={t.id}
          latitude={t.latitude}
          longitude={t.longitude}
          label={[t.displayName, trainerLocation(t)].filter(Boolean).join(', ')}
          onSelect={onSelect}
        />
      )),
    [located, onSelect],
  );

  return (
    <MapContainer
      center={MAP_CENTER}
      zoom={MAP_ZOOM}
      scrollWheelZoom={false}
      style={{ height: MAP_HEIGHT, width: '100%', borderRadius: 8 }}
    >
      <MapLabel />
      <TileLayer
        url="https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"
        attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
      />
      <MarkerClusterGroup chunkedLoading iconCreateFunction={clusterIcon}>
        {markers}
      </MarkerClusterGroup>
      <FitToTrainers trainers={located} viewKey={viewKey} />
      {selected && (
        <Popup
          key={selected.id}
          position={[selected.latitude, selected.longitude]}
          // Where a popup bound to the marker would sit: the icon's popup anchor plus Leaflet's own offset.
          offset={[1, -27]}
          className="trainer-map-popup"
          eventHandlers={popupHandlers}
        >
          <TrainerPopup trainer={selected} onViewProfile={onViewProfile} />
        </Popup>
      )}
    </MapContainer>
  );
}
