/**
 * The map itself (Leaflet 1.9, decision 045). Only this file imports Leaflet, and it is only ever
 * loaded lazily, after the page is idle (place-map.tsx, events-map.tsx): no page pays for the map
 * code before its first paint, and pages without a map never load it.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import type { MapTiles } from '../../../lib/api/get-instance.ts';

export interface MapPin {
  /** Unique within the map. */
  key: string;
  lat: number;
  lon: number;
  /** The marker's accessible name (its title). */
  label: string;
  /** A cluster of this many events: drawn with the count, pressing it zooms in. */
  count?: number;
  onSelect?: () => void;
}

export interface MapView {
  /** west,south,east,north, as /api/events/map takes it. */
  bbox: string;
  zoom: number;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function bboxOf(map: L.Map): string {
  const b = map.getBounds();
  // Leaflet's longitudes run past ±180 after panning around the world; the API wants them wrapped.
  const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;
  const wide = b.getEast() - b.getWest() >= 360;
  const clampLat = (lat: number) => Math.max(-90, Math.min(90, lat));
  const parts = wide
    ? [-180, clampLat(b.getSouth()), 180, clampLat(b.getNorth())]
    : [wrap(b.getWest()), clampLat(b.getSouth()), wrap(b.getEast()), clampLat(b.getNorth())];
  return parts.map((n) => n.toFixed(5)).join(',');
}

function pinIcon(pin: MapPin): L.DivIcon {
  if (pin.count && pin.count > 1) {
    const size = pin.count < 10 ? 32 : pin.count < 100 ? 38 : 46;
    return L.divIcon({
      className: 'map-cluster',
      html: `<span class="flex size-full items-center justify-center rounded-full border-2 border-white bg-brand-800 text-sm font-semibold text-white shadow-md">${pin.count}</span>`,
      iconSize: [size, size],
    });
  }
  return L.divIcon({
    className: 'map-pin',
    html: '<span class="block size-full rounded-full border-[3px] border-white bg-brand-700 shadow-md"></span>',
    iconSize: [22, 22],
  });
}

export function LeafletMap({
  tiles,
  center,
  zoom,
  pins,
  label,
  onViewChange,
  onTilesFailed,
  className,
}: {
  tiles: MapTiles;
  center: { lat: number; lon: number };
  zoom: number;
  pins: MapPin[];
  label: string;
  onViewChange?: (view: MapView) => void;
  /** No tile could be loaded (offline, blocked): the caller shows the address and links instead. */
  onTilesFailed?: () => void;
  className?: string;
}) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const callbacks = useRef({ onViewChange, onTilesFailed });
  callbacks.current = { onViewChange, onTilesFailed };

  // The map is made once per mount; the centre is where it starts, not a value it follows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!element.current) return;
    const m = L.map(element.current, { attributionControl: false, worldCopyJump: true }).setView(
      [center.lat, center.lon],
      zoom,
    );
    L.control
      .attribution({ prefix: false })
      .addAttribution(`<a href="${escapeHtml(tiles.attributionUrl)}">${escapeHtml(tiles.attribution)}</a>`)
      .addTo(m);
    let loaded = 0;
    let failed = false;
    const tileLayer = L.tileLayer(tiles.tileUrl, { maxZoom: 19, subdomains: 'abc' })
      .on('tileload', () => {
        loaded += 1;
      })
      .on('tileerror', () => {
        if (loaded > 0 || failed) return;
        failed = true;
        callbacks.current.onTilesFailed?.();
      })
      .addTo(m);
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      failed = true;
      callbacks.current.onTilesFailed?.();
    }
    layer.current = L.layerGroup().addTo(m);
    const report = () => callbacks.current.onViewChange?.({ bbox: bboxOf(m), zoom: m.getZoom() });
    m.on('moveend', report);
    map.current = m;
    report();
    return () => {
      tileLayer.off();
      m.remove();
      map.current = null;
      layer.current = null;
    };
  }, [tiles.tileUrl, tiles.attribution, tiles.attributionUrl]);

  useEffect(() => {
    const group = layer.current;
    const m = map.current;
    if (!group || !m) return;
    group.clearLayers();
    for (const pin of pins) {
      const marker = L.marker([pin.lat, pin.lon], {
        icon: pinIcon(pin),
        title: pin.label,
        alt: pin.label,
        keyboard: true,
        riseOnHover: true,
      });
      marker.on('click', () => {
        if (pin.count && pin.count > 1) m.setView([pin.lat, pin.lon], Math.min(m.getZoom() + 2, 18));
        else pin.onSelect?.();
      });
      marker.addTo(group);
    }
  }, [pins]);

  return (
    // biome-ignore lint/a11y/useSemanticElements: Leaflet owns this element; a named region lets screen readers skip the map.
    <div
      ref={element}
      role="region"
      aria-label={label}
      className={className ?? 'size-full'}
      data-testid="leaflet-map"
    />
  );
}
