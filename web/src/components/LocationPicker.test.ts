/** The picker's arithmetic: a click's place in the picture is the coordinates under it, at every zoom, in both modes. */
import { describe, expect, it } from 'vitest';
import { H, mercator, pointToCoordinates, spanOf, tilePointToCoordinates, tilesOf, W } from './LocationPicker';

describe('the plain grid', () => {
  it('reads the whole world at zoom 0: corners, centre and the equator', () => {
    const world = { lat: 0, lon: 0, zoom: 0 };
    expect(pointToCoordinates(world, 0, 0)).toEqual({ latitude: 90, longitude: -180 });
    expect(pointToCoordinates(world, W / 2, H / 2)).toEqual({ latitude: 0, longitude: 0 });
    expect(pointToCoordinates(world, W, H)).toEqual({ latitude: -90, longitude: -180 });
  });

  it('zoomed on Tokyo, the centre is Tokyo and a step right is east by the span over the width', () => {
    const tokyo = { lat: 35.681236, lon: 139.767125, zoom: 10 };
    expect(pointToCoordinates(tokyo, W / 2, H / 2)).toEqual({ latitude: 35.681236, longitude: 139.767125 });
    const east = pointToCoordinates(tokyo, (3 * W) / 4, H / 2);
    expect(east.longitude).toBeCloseTo(139.767125 + spanOf(10).lon / 4, 5);
    expect(east.latitude).toBe(35.681236);
  });

  it('wraps longitudes across the date line and stops latitudes at the poles', () => {
    const beyond = pointToCoordinates({ lat: 80, lon: 179, zoom: 2 }, W, 0);
    expect(beyond.longitude).toBeCloseTo(179 + 45 - 360, 5);
    expect(beyond.latitude).toBe(90);
  });
});

describe('map tiles (Web Mercator)', () => {
  it('projects and back: a place is where it was', () => {
    for (const lat of [-60, 0, 35.681236, 51.5]) expect(mercator.lat(mercator.y(lat))).toBeCloseTo(lat, 9);
  });

  it('the centre of the picture is the view, and a tile pixel right at zoom 15 is 360 / (256 * 2^15) degrees east', () => {
    const tokyo = { lat: 35.681236, lon: 139.767125, zoom: 15 };
    expect(tilePointToCoordinates(tokyo, W / 2, H / 2)).toEqual({ latitude: 35.681236, longitude: 139.767125 });
    const right = tilePointToCoordinates(tokyo, W / 2 + 100, H / 2);
    expect(right.longitude).toBeCloseTo(139.767125 + (100 * 360) / (256 * 2 ** 15), 5);
  });

  it('asks for the tiles that cover the view, wrapped across the date line, none beyond the poles', () => {
    // at zoom 2 the world is 4 tiles wide; centred on the date line the view takes tiles 2, 3 and then 0, 1 again
    const tiles = tilesOf({ lat: 0, lon: 180, zoom: 2 }, 'https://tiles.example/{z}/{x}/{y}.png');
    expect(tiles.map((t) => t.href).sort()).toEqual([0, 1, 2, 3].flatMap((x) => [1, 2].map((y) => `https://tiles.example/2/${x}/${y}.png`)).sort());
    expect(tilesOf({ lat: 84, lon: 0, zoom: 3 }, '{z}/{x}/{y}').every((t) => Number(t.href.split('/')[2]) >= 0)).toBe(true);
    expect(tiles.every((t) => t.x > -256 && t.x < W && t.y > -256 && t.y < H)).toBe(true);
  });
});
