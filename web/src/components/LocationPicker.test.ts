/** The picker's arithmetic: a click's place in the picture is the coordinates under it, at every zoom. */
import { describe, expect, it } from 'vitest';
import { pointToCoordinates, spanOf } from './LocationPicker';

describe('pointToCoordinates', () => {
  it('reads the whole world at zoom 0: corners, centre and the equator', () => {
    const world = { lat: 0, lon: 0, zoom: 0 };
    expect(pointToCoordinates(world, 0, 0)).toEqual({ latitude: 90, longitude: -180 });
    expect(pointToCoordinates(world, 200, 100)).toEqual({ latitude: 0, longitude: 0 });
    expect(pointToCoordinates(world, 400, 200)).toEqual({ latitude: -90, longitude: -180 });
  });

  it('zoomed on Tokyo, the centre is Tokyo and a step right is east by the span over the width', () => {
    const tokyo = { lat: 35.681236, lon: 139.767125, zoom: 10 };
    expect(pointToCoordinates(tokyo, 200, 100)).toEqual({ latitude: 35.681236, longitude: 139.767125 });
    const east = pointToCoordinates(tokyo, 300, 100);
    expect(east.longitude).toBeCloseTo(139.767125 + spanOf(10).lon / 4, 5);
    expect(east.latitude).toBe(35.681236);
  });

  it('wraps longitudes across the date line and stops latitudes at the poles', () => {
    const pacific = { lat: 80, lon: 179, zoom: 2 };
    const beyond = pointToCoordinates(pacific, 400, 0);
    expect(beyond.longitude).toBeCloseTo(179 + 45 - 360, 5);
    expect(beyond.latitude).toBe(90);
  });
});
