/** The minute-based time-zone list of spec 001 section 9 (UTC-11 to UTC+14, with half and quarter hours). */
import { formatUtcOffset } from '../../../shared/format';

const OFFSETS_MINUTES = [
  -660, -600, -570, -540, -480, -420, -360, -300, -240, -210, -180, -120, -60, 0, 60, 120, 180, 210, 240, 270, 300, 330, 345, 360, 390, 420, 480, 525, 540, 570, 600, 630, 660, 720,
  765, 780, 840,
];

export function timeZoneValue(minutes: number): string {
  return minutes === 0 ? 'UTC' : formatUtcOffset(minutes);
}

export const TIME_ZONE_OPTIONS: readonly { value: string; label: string }[] = OFFSETS_MINUTES.map((m) => ({
  value: timeZoneValue(m),
  label: formatUtcOffset(m),
}));
