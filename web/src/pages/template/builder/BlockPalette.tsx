/** The blocks of the registry, in its order: click to add, or drag into the content. */
import { Button } from 'primereact/button';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { focusableAfter, SkipLink } from '../../../components/SkipLink';
import { type BlockForm, type BlockType, blockTypesOf } from '../../../../../shared/render';
import styles from './BlockPalette.module.css';

/** Icons of the registry's blocks; a block without one here shows a generic box. */
export const BLOCK_ICONS: Partial<Record<BlockType, string>> = {
  heading: 'pi pi-bookmark',
  paragraph: 'pi pi-align-left',
  image: 'pi pi-image',
  button: 'pi pi-stop',
  divider: 'pi pi-minus',
  spacer: 'pi pi-arrows-v',
  thumb: 'pi pi-thumbs-up',
  tip: 'pi pi-lightbulb',
  carousel: 'pi pi-images',
};

/** The drag data type of a new block (its value is the block type). */
export const NEW_BLOCK_DRAG = 'application/x-herald-new-block';

/** `form`: the email builder's blocks, or the HTML (in-app) builder's. */
export function BlockPalette({ onAdd, form = 'email' }: { onAdd: (type: BlockType) => void; form?: BlockForm }) {
  const { t } = useTranslation();
  const section = useRef<HTMLElement>(null);
  return (
    <section className={`${styles.blockPalette} block-palette`} aria-labelledby="palette-title" ref={section}>
      <SkipLink label={t('template.skipPalette')} target={() => focusableAfter(section.current)} />
      <h2 id="palette-title" className="section-title" tabIndex={-1}>
        {t('template.palette')}
      </h2>
      <p className="muted small">{t('template.paletteHint')}</p>
      <ul className={`${styles.paletteList} palette-list`}>
        {blockTypesOf(form).map((type) => (
          <li
            key={type}
            draggable
            onDragStart={(e) => {
              e.dataTransfer.setData(NEW_BLOCK_DRAG, type);
              e.dataTransfer.effectAllowed = 'copy';
            }}
          >
            <Button
              type="button"
              outlined
              size="small"
              icon={BLOCK_ICONS[type] ?? 'pi pi-box'}
              label={t(`template.block.${type}`, { defaultValue: type })}
              data-block-type={type}
              onClick={() => onAdd(type)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
