/**
 * A map picker on plain coordinates: a grid of latitude and longitude (equirectangular, so no tile server is
 * needed), zoomed in steps around the point; a click places the point and the radius is drawn around it. The
 * number fields of the form stay the way to type a place exactly (and the keyboard's way); the picker's own
 * buttons zoom and centre.
 */
import { Button } from 'primereact/button';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const W = 400;
const H = 200;
const MAX_ZOOM = 14;
const METRES_PER_DEGREE = 111_320;
const STEPS = [90, 45, 30, 15, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001, 0.0005, 0.0002];

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

export interface PickerView {
  lat: number;
  lon: number;
  zoom: number;
}

/** The degrees the view spans at a zoom: the whole world at 0, half as much at each step. */
export function spanOf(zoom: number): { lon: number; lat: number } {
  const lon = 360 / 2 ** zoom;
  return { lon, lat: lon / 2 };
}

/** The coordinates under a point of the picture (0..W, 0..H), rounded to six decimals (about 10 cm). */
export function pointToCoordinates(view: PickerView, x: number, y: number): { latitude: number; longitude: number } {
  const span = spanOf(view.zoom);
  const lon = view.lon - span.lon / 2 + (x / W) * span.lon;
  const lat = view.lat + span.lat / 2 - (y / H) * span.lat;
  // longitudes wrap around the date line; latitudes stop at the poles
  const wrapped = ((((lon + 180) % 360) + 360) % 360) - 180;
  return { latitude: round6(clamp(lat, -90, 90)), longitude: round6(wrapped) };
}

export function LocationPicker({ latitude, longitude, radiusMetres, onPick }: { latitude?: number | null; longitude?: number | null; radiusMetres?: number | null; onPick: (latitude: number, longitude: number) => void }) {
  const { t } = useTranslation();
  const has = typeof latitude === 'number' && typeof longitude === 'number';
  const [view, setView] = useState<PickerView>(() => (has ? { lat: latitude, lon: longitude, zoom: 10 } : { lat: 20, lon: 0, zoom: 0 }));
  // the first point (the record's, once loaded, or the first click on the world) brings the view close to it
  const centred = useRef(has);
  useEffect(() => {
    if (!has || centred.current) return;
    centred.current = true;
    setView({ lat: latitude, lon: longitude, zoom: 10 });
  }, [has, latitude, longitude]);
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
  const zoom = (by: number) => setView((v) => ({ ...(has ? { lat: latitude, lon: longitude } : v), zoom: clamp(v.zoom + by, 0, MAX_ZOOM) }));

  function pick(e: MouseEvent<SVGSVGElement>) {
    // the click in the picture's own units, whatever its size and letterboxing on the page
    const svg = e.currentTarget;
    const matrix = svg.getScreenCTM();
    if (!matrix) return;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(matrix.inverse());
    const at = pointToCoordinates(view, clamp(p.x, 0, W), clamp(p.y, 0, H));
    onPick(at.latitude, at.longitude);
  }

  const r = radiusMetres && has ? radiusMetres / METRES_PER_DEGREE : 0;
  return (
    <div className="location-picker span-2" data-testid="location-picker">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('crud.map.picture', { zoom: view.zoom })} onClick={pick}>
        <rect width={W} height={H} className="location-sea" />
        {lines(Math.max(-90, north - span.lat), Math.min(90, north)).map((lat) => (
          <g key={`lat${lat}`}>
            <line x1={0} x2={W} y1={y(lat)} y2={y(lat)} className={lat === 0 ? 'location-axis' : 'location-grid'} />
            <text x={2} y={y(lat) - 2} className="location-label">
              {lat}°
            </text>
          </g>
        ))}
        {lines(west, west + span.lon).map((lon) => (
          <g key={`lon${lon}`}>
            <line y1={0} y2={H} x1={x(lon)} x2={x(lon)} className={lon === 0 ? 'location-axis' : 'location-grid'} />
            <text x={x(lon) + 2} y={H - 3} className="location-label">
              {lon}°
            </text>
          </g>
        ))}
        {has && (
          <g className="location-point">
            {r > 0 && <ellipse cx={x(longitude)} cy={y(latitude)} rx={((r / Math.max(0.01, Math.cos((latitude * Math.PI) / 180))) / span.lon) * W} ry={(r / span.lat) * H} className="location-radius" />}
            <circle cx={x(longitude)} cy={y(latitude)} r={4} />
          </g>
        )}
      </svg>
      <div className="location-tools">
        <span className="muted small">{has ? t('crud.map.at', { latitude, longitude }) : t('crud.map.hint')}</span>
        <Button type="button" icon="pi pi-search-plus" text rounded aria-label={t('crud.map.zoomIn')} disabled={view.zoom >= MAX_ZOOM} onClick={() => zoom(1)} />
        <Button type="button" icon="pi pi-search-minus" text rounded aria-label={t('crud.map.zoomOut')} disabled={view.zoom <= 0} onClick={() => zoom(-1)} />
        <Button type="button" icon="pi pi-map-marker" text rounded aria-label={t('crud.map.center')} disabled={!has} onClick={() => has && setView((v) => ({ lat: latitude, lon: longitude, zoom: Math.max(v.zoom, 10) }))} />
      </div>
    </div>
  );
}
