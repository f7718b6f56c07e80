/**
 * A map picker for a place's form. With a tile server configured (HERALD_MAP_TILE_URL) it draws the provider's
 * tiles (Web Mercator, as every XYZ server serves them); without one, a grid of latitude and longitude
 * (equirectangular), so it works with no map service at all. Either way a click places the point, the radius is
 * drawn around it, and the buttons zoom and centre. The number fields of the form stay the way to type a place
 * exactly (and the keyboard's way).
 */
import { Button } from 'primereact/button';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './LocationPicker.module.css';

export const W = 600;
export const H = 300;
const TILE = 256;
const METRES_PER_DEGREE = 111_320;
/** metres per tile pixel at zoom 0 on the equator (Web Mercator) */
const METRES_PER_PIXEL_Z0 = 156_543.033_92;
const MAX_LAT = 85.051_128;
const STEPS = [90, 45, 30, 15, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001, 0.0005, 0.0002];

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
const wrapLon = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;

export interface PickerView {
  lat: number;
  lon: number;
  zoom: number;
}

/** Grid mode: the degrees the view spans at a zoom, the whole world at 0 and half as much at each step. */
export function spanOf(zoom: number): { lon: number; lat: number } {
  const lon = 360 / 2 ** zoom;
  return { lon, lat: lon / 2 };
}

/** Grid mode: the coordinates under a point of the picture (0..W, 0..H), rounded to six decimals (about 10 cm). */
export function pointToCoordinates(view: PickerView, x: number, y: number): { latitude: number; longitude: number } {
  const span = spanOf(view.zoom);
  const lon = view.lon - span.lon / 2 + (x / W) * span.lon;
  const lat = view.lat + span.lat / 2 - (y / H) * span.lat;
  // longitudes wrap around the date line; latitudes stop at the poles
  return { latitude: round6(clamp(lat, -90, 90)), longitude: round6(wrapLon(lon)) };
}

/** Web Mercator: a place's position in the world square, 0..1 each way. */
export const mercator = {
  x: (lon: number) => (lon + 180) / 360,
  y: (lat: number) => {
    const s = Math.sin((clamp(lat, -MAX_LAT, MAX_LAT) * Math.PI) / 180);
    return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
  },
  lat: (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI,
};

/** Tile mode: the coordinates under a point of the picture, the view centred on its place at its tile zoom. */
export function tilePointToCoordinates(view: PickerView, x: number, y: number): { latitude: number; longitude: number } {
  const world = TILE * 2 ** view.zoom;
  const px = mercator.x(view.lon) * world - W / 2 + x;
  const py = mercator.y(view.lat) * world - H / 2 + y;
  return { latitude: round6(mercator.lat(clamp(py / world, 0, 1))), longitude: round6(wrapLon((px / world) * 360 - 180)) };
}

/** Tile mode: the tiles that cover the view, with where each goes in the picture. */
export function tilesOf(view: PickerView, template: string): { key: string; href: string; x: number; y: number }[] {
  const n = 2 ** view.zoom;
  const world = TILE * n;
  const left = mercator.x(view.lon) * world - W / 2;
  const top = mercator.y(view.lat) * world - H / 2;
  const out: { key: string; href: string; x: number; y: number }[] = [];
  for (let ty = Math.max(0, Math.floor(top / TILE)); ty <= Math.min(n - 1, Math.floor((top + H) / TILE)); ty++) {
    for (let tx = Math.floor(left / TILE); tx <= Math.floor((left + W) / TILE); tx++) {
      const wrapped = ((tx % n) + n) % n;
      const href = template.replace('{z}', String(view.zoom)).replace('{x}', String(wrapped)).replace('{y}', String(ty));
      out.push({ key: `${tx}/${ty}`, href, x: tx * TILE - left, y: ty * TILE - top });
    }
  }
  return out;
}

export function LocationPicker({
  latitude,
  longitude,
  radiusMetres,
  onPick,
  tileUrl,
  attribution,
}: {
  latitude?: number | null;
  longitude?: number | null;
  radiusMetres?: number | null;
  onPick: (latitude: number, longitude: number) => void;
  /** an https XYZ template; none: the plain grid */
  tileUrl?: string;
  attribution?: string;
}) {
  const { t } = useTranslation();
  const tiles = Boolean(tileUrl);
  const close = tiles ? 15 : 10;
  const maxZoom = tiles ? 19 : 14;
  const minZoom = tiles ? 1 : 0;
  const has = typeof latitude === 'number' && typeof longitude === 'number';
  const [view, setView] = useState<PickerView>(() => (has ? { lat: latitude, lon: longitude, zoom: close } : { lat: 20, lon: 0, zoom: minZoom }));
  // the first point (the record's, once loaded, or the first click on the world) brings the view close to it
  const centred = useRef(has);
  useEffect(() => {
    if (!has || centred.current) return;
    centred.current = true;
    setView({ lat: latitude, lon: longitude, zoom: close });
  }, [has, latitude, longitude, close]);
  const zoom = (by: number) => setView((v) => ({ ...(has ? { lat: latitude, lon: longitude } : v), zoom: clamp(v.zoom + by, minZoom, maxZoom) }));

  function pick(e: MouseEvent<SVGSVGElement>) {
    // the click in the picture's own units, whatever its size and letterboxing on the page
    const matrix = e.currentTarget.getScreenCTM();
    if (!matrix) return;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(matrix.inverse());
    const at = (tiles ? tilePointToCoordinates : pointToCoordinates)(view, clamp(p.x, 0, W), clamp(p.y, 0, H));
    onPick(at.latitude, at.longitude);
  }

  let picture;
  if (tiles) {
    const world = TILE * 2 ** view.zoom;
    const left = mercator.x(view.lon) * world - W / 2;
    const top = mercator.y(view.lat) * world - H / 2;
    const at = has ? { x: mercator.x(longitude) * world - left, y: mercator.y(latitude) * world - top } : undefined;
    const r = at && radiusMetres ? radiusMetres / ((METRES_PER_PIXEL_Z0 * Math.cos((latitude! * Math.PI) / 180)) / 2 ** view.zoom) : 0;
    picture = (
      <>
        <rect width={W} height={H} className={styles.locationSea} />
        {tilesOf(view, tileUrl!).map((tile) => (
          <image key={tile.key} href={tile.href} x={tile.x} y={tile.y} width={TILE} height={TILE} />
        ))}
        {at && (
          <g className={styles.locationPoint}>
            {r > 0 && <circle cx={at.x} cy={at.y} r={r} className={styles.locationRadius} />}
            <circle cx={at.x} cy={at.y} r={5} />
          </g>
        )}
      </>
    );
  } else {
    const span = spanOf(view.zoom);
    const west = view.lon - span.lon / 2;
    const north = view.lat + span.lat / 2;
    const x = (lon: number) => ((lon - west) / span.lon) * W;
    const y = (lat: number) => ((north - lat) / span.lat) * H;
    const step = STEPS.find((s) => span.lon / s >= 4) ?? STEPS.at(-1)!;
    const lines = (from: number, to: number) => {
      const out: number[] = [];
      for (let v = Math.ceil(from / step) * step; v <= to; v += step) out.push(Number(v.toFixed(6)));
      return out;
    };
    const r = radiusMetres && has ? radiusMetres / METRES_PER_DEGREE : 0;
    picture = (
      <>
        <rect width={W} height={H} className={styles.locationSea} />
        {lines(Math.max(-90, north - span.lat), Math.min(90, north)).map((lat) => (
          <g key={`lat${lat}`}>
            <line x1={0} x2={W} y1={y(lat)} y2={y(lat)} className={lat === 0 ? styles.locationAxis : styles.locationGrid} />
            <text x={3} y={y(lat) - 3} className={styles.locationLabel}>
              {lat}°
            </text>
          </g>
        ))}
        {lines(west, west + span.lon).map((lon) => (
          <g key={`lon${lon}`}>
            <line y1={0} y2={H} x1={x(lon)} x2={x(lon)} className={lon === 0 ? styles.locationAxis : styles.locationGrid} />
            <text x={x(lon) + 3} y={H - 4} className={styles.locationLabel}>
              {lon}°
            </text>
          </g>
        ))}
        {has && (
          <g className={styles.locationPoint}>
            {r > 0 && (
              <ellipse
                cx={x(longitude)}
                cy={y(latitude)}
                rx={(r / Math.max(0.01, Math.cos((latitude * Math.PI) / 180)) / span.lon) * W}
                ry={(r / span.lat) * H}
                className={styles.locationRadius}
              />
            )}
            <circle cx={x(longitude)} cy={y(latitude)} r={5} />
          </g>
        )}
      </>
    );
  }

  return (
    <div className={`${styles.locationPicker} span-2`} data-testid="location-picker" data-mode={tiles ? 'tiles' : 'grid'}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the latitude and longitude fields beside the map are the keyboard way to place the point */}
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t(tiles ? 'crud.map.tilePicture' : 'crud.map.picture', { zoom: view.zoom })} onClick={pick}>
        {picture}
      </svg>
      <div className={styles.locationTools}>
        <span className="muted small">{has ? t('crud.map.at', { latitude, longitude }) : t('crud.map.hint')}</span>
        {tiles && attribution && <span className="muted small location-credit">{attribution}</span>}
        <Button type="button" icon="pi pi-search-plus" text rounded aria-label={t('crud.map.zoomIn')} disabled={view.zoom >= maxZoom} onClick={() => zoom(1)} />
        <Button type="button" icon="pi pi-search-minus" text rounded aria-label={t('crud.map.zoomOut')} disabled={view.zoom <= minZoom} onClick={() => zoom(-1)} />
        <Button
          type="button"
          icon="pi pi-map-marker"
          text
          rounded
          aria-label={t('crud.map.center')}
          disabled={!has}
          onClick={() => has && setView((v) => ({ lat: latitude, lon: longitude, zoom: Math.max(v.zoom, close) }))}
        />
      </div>
    </div>
  );
}
