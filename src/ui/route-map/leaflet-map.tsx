import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { deliveryMapMessages } from '../../../domain/messages/delivery-map';
import type { MapConfig, MapRoute } from '../../../domain/schemas/tracking';
import { driverName, routeColour, STOP_COLOURS } from './route-map-state';
import './route-map.css';

/**
 * The Leaflet part of the map, and the only module that imports Leaflet (issue 47: map JS only
 * on map screens): loaded lazily by route-map.tsx. Stops are numbered circles in their state's
 * colour, each truck a distinct mark at its last position with the driver's name, each trail a
 * line. Tiles come from the server's configuration; without them the marks draw on a plain
 * background, so a business without a tile server still sees its routes.
 */
const text = deliveryMapMessages;
/** Monterrey's centre: where a map without any mark opens. */
const MONTERREY: L.LatLngTuple = [25.6866, -100.3161];

export interface LeafletMapProps {
  routes: readonly MapRoute[];
  tiles: MapConfig['tiles'];
  label: string;
}

export default function LeafletMap({ routes, tiles, label }: LeafletMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  // Each route's marks, redrawn only when that route changed (a live position changes one route).
  const drawn = useRef(new Map<number, { route: MapRoute; colour: string; layer: L.LayerGroup }>());
  const framed = useRef('');

  useEffect(() => {
    if (!container.current) return;
    const created = L.map(container.current, { center: MONTERREY, zoom: 11, attributionControl: true });
    map.current = created;
    const layers = drawn.current;
    return () => {
      created.remove();
      map.current = null;
      layers.clear();
      framed.current = '';
    };
  }, []);

  useEffect(() => {
    const current = map.current;
    if (!current || !tiles) return;
    let layer: L.Layer | null = null;
    let gone = false;
    const attribution = tiles.attribution ?? '';
    if (tiles.kind === 'xyz') {
      layer = L.tileLayer(tiles.url, { attribution, maxZoom: 19 }).addTo(current);
    } else {
      // pmtiles' raster layer extends the global `L`: it is set for it, and pmtiles loads only for such a map.
      void import('pmtiles').then(({ PMTiles, leafletRasterLayer }) => {
        if (gone) return;
        Object.assign(globalThis, { L });
        layer = (leafletRasterLayer(new PMTiles(tiles.url), { attribution, maxZoom: 19 }) as L.Layer).addTo(current);
      });
    }
    return () => {
      gone = true;
      layer?.remove();
    };
  }, [tiles]);

  useEffect(() => {
    const current = map.current;
    if (!current) return;
    const layers = drawn.current;
    const present = new Set(routes.map((route) => route.id));
    for (const [id, entry] of layers) {
      if (!present.has(id)) {
        entry.layer.remove();
        layers.delete(id);
      }
    }
    routes.forEach((route, index) => {
      // A route's colour follows its place in the list beside the map, so the two always match.
      const colour = routeColour(index);
      const entry = layers.get(route.id);
      if (entry?.route === route && entry.colour === colour) return;
      entry?.layer.remove();
      layers.set(route.id, { route, colour, layer: routeLayer(route, colour).addTo(current) });
    });
    // Framed again only when other routes are shown (another day): a live move keeps the person's zoom.
    const shown = routes.map((route) => route.id).join(',');
    if (shown !== framed.current) {
      const bounds = routeBounds(routes);
      if (bounds) {
        current.fitBounds(bounds, { padding: [24, 24], maxZoom: 15 });
        framed.current = shown;
      }
    }
  }, [routes]);

  return <div ref={container} className={`route-map__canvas${tiles ? '' : ' route-map__canvas--plain'}`} role="region" aria-label={label} />;
}

function routeBounds(routes: readonly MapRoute[]): L.LatLngBounds | null {
  const points: L.LatLngTuple[] = [];
  for (const route of routes) {
    for (const stop of route.stops) if (stop.latitude !== null && stop.longitude !== null) points.push([stop.latitude, stop.longitude]);
    for (const point of route.trail) points.push([point.latitude, point.longitude]);
    if (route.last_position) points.push([route.last_position.latitude, route.last_position.longitude]);
  }
  return points.length > 0 ? L.latLngBounds(points) : null;
}

/** Text as a tooltip's content: Leaflet sets a string as HTML, and names come from people. */
function textElement(content: string): HTMLElement {
  const element = document.createElement('span');
  element.textContent = content;
  return element;
}

function routeLayer(route: MapRoute, colour: string): L.LayerGroup {
  const group = L.layerGroup();
  if (route.trail.length > 1) {
    L.polyline(
      route.trail.map((point) => [point.latitude, point.longitude] satisfies L.LatLngTuple),
      { color: colour, weight: 4, opacity: 0.75, interactive: false },
    ).addTo(group);
  }
  for (const stop of route.stops) {
    if (stop.latitude === null || stop.longitude === null) continue;
    const icon = L.divIcon({
      className: 'route-map__stop',
      html: `<span style="background:${STOP_COLOURS[stop.state]}">${stop.stop_order}</span>`,
      iconSize: [26, 26],
      iconAnchor: [13, 13],
    });
    // The list beside the map is the keyboard's way to each stop: markers are not tab stops.
    L.marker([stop.latitude, stop.longitude], { icon, keyboard: false })
      .bindTooltip(textElement(`${text.stop(stop.stop_order, stop.company)} · ${text.states[stop.state]}`))
      .addTo(group);
  }
  if (route.last_position) {
    const icon = L.divIcon({
      className: 'route-map__truck',
      html: `<span style="background:${colour}" data-route-id="${route.id}"></span>`,
      iconSize: [30, 30],
      iconAnchor: [15, 15],
    });
    L.marker([route.last_position.latitude, route.last_position.longitude], { icon, keyboard: false, zIndexOffset: 1000 })
      .bindTooltip(textElement(`${driverName(route)} · ${text.route(route.id)}`), { direction: 'top' })
      .addTo(group);
  }
  return group;
}
