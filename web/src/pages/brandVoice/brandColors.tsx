/**
 * The brand's colours as the brand voice keeps them (HEX; a light colour, every channel over 200, is a background
 * colour, never a text colour): the field the persona wizard's design step and the onboarding brand step share,
 * and the list the brand voice page and the onboarding's last step show.
 */
import { useTranslation } from 'react-i18next';
import type { BrandColor } from '../../../../shared/entities/brandVoice';
import { isLightColor } from '../../../../shared/render/html';
import { TextField } from '../../components/TextField';
import swatch from '../../components/colorSwatch.module.css';
import '../../i18n/areas/brandVoice';

export const HEX = /^#[0-9A-Fa-f]{6}$/;
type BrandColorType = BrandColor['type'];

/** A HEX colour: its format checked as typed, a light colour named as one, a swatch once it is valid. */
export function BrandColorField({
  id,
  label,
  value,
  optional = false,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  /** empty is allowed (no colour) */
  optional?: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const valid = HEX.test(value);
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      maxLength={7}
      placeholder={optional ? '#RRGGBB' : undefined}
      error={valid || (optional && value === '') ? undefined : t('brandVoice.invalidHex')}
      hint={valid && isLightColor(value) ? t('brandVoice.light') : undefined}
      onChange={(v) => onChange(v.trim())}
    >
      {valid && <span className={swatch.colorSwatch} style={{ background: value }} aria-hidden="true" />}
    </TextField>
  );
}

export function BrandColorList({ colors, testId }: { colors: readonly BrandColor[]; testId?: string }) {
  const { t } = useTranslation();
  return (
    <ul className="plain-list" data-testid={testId}>
      {colors.map((c, i) => (
        <li key={`${c.value}-${i}`}>
          <span className={swatch.colorSwatch} style={{ background: c.value }} aria-hidden="true" /> {t(`brandVoice.colorTypes.${c.type}`)} {c.value}
          {isLightColor(c.value) && <small className="muted"> — {t('brandVoice.light')}</small>}
        </li>
      ))}
    </ul>
  );
}

/** The first colour of a use. */
export const colorOf = (colors: readonly BrandColor[], type: BrandColorType): string => colors.find((c) => c.type === type)?.value ?? '';

/** The colours with the first of a use set to `value` (added when there is none, taken out when `value` is empty). */
export function withColor(colors: readonly BrandColor[], type: BrandColorType, value: string): BrandColor[] {
  const at = colors.findIndex((c) => c.type === type);
  if (at < 0) return value ? [...colors, { type, value }] : [...colors];
  return value ? colors.map((c, i) => (i === at ? { type, value } : c)) : colors.filter((_, i) => i !== at);
}
