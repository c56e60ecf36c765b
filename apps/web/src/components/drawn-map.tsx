import { useEffect, useRef, useState } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { singaporeBounds, singaporeRings } from '../lib/singapore-outline.ts';

export interface MapPoint {
  id: string | number;
  lat: number;
  lng: number;
  label: string;
  kind?: 'leader' | 'origin' | 'picked';
}

const colours: Record<NonNullable<MapPoint['kind']>, string> = { leader: '#0b62d6', origin: '#04754d', picked: '#c8202d' };

/**
 * A Leaflet map of Singapore. With a tile URL (server setting map_tile_url) it shows those tiles; with none,
 * or when the tiles cannot be reached, it draws the bundled outline of Singapore instead, so it works with
 * no network beyond our own server. Points are circle markers (no marker images to load). A tap reports
 * the point through onPick; a tap on a marker through onMarker.
 */
export function DrawnMap(props: {
  tileUrl?: string;
  points: MapPoint[];
  center?: { lat: number; lng: number } | null;
  zoom?: number;
  height?: number;
  label: string;
  onPick?: (lat: number, lng: number) => void;
  onMarker?: (id: MapPoint['id']) => void;
  /** Leaders' labels always shown (name, distance) and tappable like their markers. */
  labelled?: boolean;
  /** Told once when tiles were asked for but none could be loaded (the outline is drawn instead). */
  onTilesFailed?: () => void;
}) {
  const { tileUrl = '', points, center, zoom = 15, height = 240, label } = props;
  const box = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);
  const handlers = useRef(props);
  handlers.current = props;
  const [offline, setOffline] = useState(!tileUrl);

  useEffect(() => {
    if (!box.current) return;
    const map = L.map(box.current, {
      zoomControl: true,
      // Labels of an old search go at once (a fade kept them, invisible, over the new ones for a moment).
      fadeAnimation: false,
      attributionControl: !!tileUrl,
      minZoom: 10,
      maxZoom: 18,
      maxBounds: L.latLngBounds(singaporeBounds).pad(0.5),
    });
    mapRef.current = map;
    map.fitBounds(singaporeBounds);
    const outline = L.layerGroup(
      singaporeRings.map((ring) =>
        L.polygon(ring, { color: '#7a8a9a', weight: 1.5, fillColor: '#f3efe2', fillOpacity: 1, interactive: false }),
      ),
    );
    if (tileUrl) {
      let loaded = 0;
      let failed = false;
      const tiles = L.tileLayer(tileUrl, { maxZoom: 19, attribution: '&copy; OpenStreetMap contributors' });
      tiles.on('tileload', () => loaded++);
      tiles.on('tileerror', () => {
        if (failed || loaded > 0) return;
        failed = true;
        map.removeLayer(tiles);
        outline.addTo(map);
        setOffline(true);
        handlers.current.onTilesFailed?.();
      });
      tiles.addTo(map);
    } else {
      outline.addTo(map);
    }
    markers.current = L.layerGroup().addTo(map);
    map.on('click', (e: L.LeafletMouseEvent) => handlers.current.onPick?.(e.latlng.lat, e.latlng.lng));
    return () => {
      map.remove();
      mapRef.current = null;
      markers.current = null;
    };
  }, [tileUrl]);

  useEffect(() => {
    const layer = markers.current;
    if (!layer) return;
    // Permanent labels are taken off with their markers, so a new search never leaves the old labels behind.
    layer.eachLayer((l) => l.unbindTooltip());
    layer.clearLayers();
    for (const p of points) {
      const kind = p.kind ?? 'leader';
      const m = L.circleMarker([p.lat, p.lng], {
        radius: kind === 'leader' ? 7 : 9,
        color: '#fff',
        weight: 2,
        fillColor: colours[kind],
        fillOpacity: 0.95,
      });
      const open = (e: L.LeafletEvent) => {
        L.DomEvent.stopPropagation(e);
        handlers.current.onMarker?.(p.id);
      };
      if (props.labelled) {
        m.bindTooltip(p.label, {
          permanent: true,
          interactive: true,
          direction: kind === 'leader' ? 'right' : 'top',
          className: `map-label map-label-${p.id}`,
        });
        m.getTooltip()?.on('click', open);
      } else m.bindTooltip(p.label);
      m.on('click', open);
      m.addTo(layer);
    }
  }, [points, tileUrl, props.labelled]);

  useEffect(() => {
    if (center && mapRef.current) mapRef.current.setView([center.lat, center.lng], Math.max(mapRef.current.getZoom(), zoom));
  }, [center?.lat, center?.lng, zoom, tileUrl]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div
      ref={box}
      role="region"
      aria-label={label}
      data-testid="drawn-map"
      data-offline={offline ? '1' : '0'}
      style={{ height, margin: 12, borderRadius: 12, overflow: 'hidden', background: offline ? '#cfe3f5' : '#e5e5e5', zIndex: 0 }}
    />
  );
}
