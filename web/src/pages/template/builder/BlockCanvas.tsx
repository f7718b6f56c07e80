/**
 * The blocks of one language in order. Select a block to open its properties under it; move it by dragging, by
 * its up and down buttons, or with Alt+Arrow keys on its title; new blocks can be dropped between others.
 */
import { type DragEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BlockType, isBlockType } from '../../../../../shared/render';
import type { BlockDraft } from '../draft';
import { BLOCK_ICONS, NEW_BLOCK_DRAG } from './BlockPalette';
import { BlockProperties } from './BlockProperties';
import styles from './BlockCanvas.module.css';
import { RowAction } from '../../../components/list/RowAction';

/** The drag data type of a block being moved (its value is the block's key). */
const MOVE_BLOCK_DRAG = 'application/x-herald-move-block';

/** A line of what the block says, for its title in the list. */
function summaryOf(block: BlockDraft): string {
  const source = typeof block.text === 'string' ? block.text : typeof block.alt === 'string' && block.alt ? block.alt : typeof block.image === 'string' ? block.image : '';
  const text = source
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

export const blockSelectId = (id: string) => `block-${id}-select`;

export function BlockCanvas({
  blocks,
  selectedId,
  invalidIds,
  errorsOf,
  onSelect,
  onMove,
  onRemove,
  onInsert,
  onChange,
}: {
  blocks: readonly BlockDraft[];
  selectedId: string | null;
  /** blocks with any message, shown or not */
  invalidIds: ReadonlySet<string>;
  /** the messages to show at a block's fields */
  errorsOf: (id: string) => Record<string, string>;
  onSelect: (id: string | null) => void;
  /** `to`: the position in the list without the block */
  onMove: (id: string, to: number) => void;
  onRemove: (id: string) => void;
  onInsert: (type: BlockType, index: number) => void;
  onChange: (id: string, field: string, value: unknown) => void;
}) {
  const { t } = useTranslation();
  /** where a drop would land: before the block at this index (blocks.length: at the end) */
  const [dropAt, setDropAt] = useState<number | null>(null);
  const name = (block: BlockDraft, index: number) => t('template.blockLabel', { block: t(`template.block.${block.type}`, { defaultValue: block.type }), position: index + 1 });

  const accepts = (e: DragEvent) => e.dataTransfer.types.includes(NEW_BLOCK_DRAG) || e.dataTransfer.types.includes(MOVE_BLOCK_DRAG);

  /** Over a block: before it in its upper half, after it in its lower half; elsewhere: at the end. */
  function positionOf(e: DragEvent, index: number | null): number {
    if (index === null) return blocks.length;
    const box = (e.currentTarget as HTMLElement).getBoundingClientRect();
    return e.clientY < box.top + box.height / 2 ? index : index + 1;
  }

  function over(e: DragEvent, index: number | null) {
    if (!accepts(e)) return;
    e.preventDefault();
    e.stopPropagation();
    e.dataTransfer.dropEffect = e.dataTransfer.types.includes(MOVE_BLOCK_DRAG) ? 'move' : 'copy';
    setDropAt(positionOf(e, index));
  }

  // The position comes from the drop event itself: the state of the last dragover may not be rendered yet.
  function drop(e: DragEvent, index: number | null) {
    if (!accepts(e)) return;
    e.preventDefault();
    e.stopPropagation();
    const at = positionOf(e, index);
    const type = e.dataTransfer.getData(NEW_BLOCK_DRAG);
    const moved = e.dataTransfer.getData(MOVE_BLOCK_DRAG);
    if (isBlockType(type)) onInsert(type, at);
    else if (moved) {
      const from = blocks.findIndex((b) => b.id === moved);
      if (from >= 0) onMove(moved, at > from ? at - 1 : at);
    }
    setDropAt(null);
  }

  function keys(e: KeyboardEvent, block: BlockDraft, index: number) {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    const to = e.key === 'ArrowUp' ? index - 1 : index + 1;
    if (to >= 0 && to < blocks.length) onMove(block.id, to);
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop zone for the mouse; the keyboard moves blocks with the arrow keys on each block
    <div
      className={`${styles.blockCanvas}${dropAt === blocks.length ? ` ${styles.dropEnd}` : ''}`}
      onDragOver={(e) => over(e, null)}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDropAt(null);
      }}
      onDrop={(e) => drop(e, null)}
      data-testid="block-canvas"
    >
      {blocks.length === 0 ? (
        <p className={`${styles.canvasEmpty} muted`}>{t('template.noBlocks')}</p>
      ) : (
        <ol className={styles.blockList}>
          {blocks.map((block, index) => {
            const selected = block.id === selectedId;
            const label = name(block, index);
            const invalid = invalidIds.has(block.id);
            return (
              <li
                key={block.id}
                // block-item, block-head, block-name and selected stay as plain names too: the browser tests find blocks by them
                className={[styles.blockItem, 'block-item', selected && `${styles.selected} selected`, invalid && styles.invalid, dropAt === index && styles.dropBefore]
                  .filter(Boolean)
                  .join(' ')}
                data-block-id={block.id}
                onDragOver={(e) => over(e, index)}
                onDrop={(e) => drop(e, index)}
              >
                {/* biome-ignore lint/a11y/noStaticElementInteractions: a drag handle for the mouse; the keyboard moves blocks with the arrow keys */}
                <div
                  className={`${styles.blockHead} block-head`}
                  draggable
                  onDragStart={(e) => {
                    e.dataTransfer.setData(MOVE_BLOCK_DRAG, block.id);
                    e.dataTransfer.effectAllowed = 'move';
                  }}
                  onDragEnd={() => setDropAt(null)}
                >
                  <i className={`pi pi-bars ${styles.dragHandle}`} aria-hidden="true" />
                  <button
                    type="button"
                    id={blockSelectId(block.id)}
                    className={styles.blockSelect}
                    aria-expanded={selected}
                    aria-controls={selected ? `block-${block.id}-panel` : undefined}
                    aria-describedby="reorder-hint"
                    onClick={() => onSelect(selected ? null : block.id)}
                    onKeyDown={(e) => keys(e, block, index)}
                  >
                    <i className={BLOCK_ICONS[block.type] ?? 'pi pi-box'} aria-hidden="true" />
                    <span className={`${styles.blockName} block-name`}>{label}</span>
                    <span className={styles.blockSummary}>{summaryOf(block)}</span>
                    {invalid && (
                      <span className={styles.blockInvalid}>
                        <i className="pi pi-exclamation-circle" aria-hidden="true" />
                        <span className="sr-only">{t('template.hasErrors')}</span>
                      </span>
                    )}
                  </button>
                  <span className={styles.blockTools}>
                    <RowAction
                      icon="pi pi-arrow-up"
                      label={t('template.moveUp', { block: label })}
                      size="small"
                      disabled={index === 0}
                      onClick={() => onMove(block.id, index - 1)}
                    />
                    <RowAction
                      icon="pi pi-arrow-down"
                      label={t('template.moveDown', { block: label })}
                      size="small"
                      disabled={index === blocks.length - 1}
                      onClick={() => onMove(block.id, index + 1)}
                    />
                    <RowAction icon="pi pi-trash" label={t('template.removeBlock', { block: label })} size="small" severity="danger" onClick={() => onRemove(block.id)} />
                  </span>
                </div>
                {selected && (
                  <div id={`block-${block.id}-panel`} className={styles.blockPanel} role="group" aria-label={t('template.properties', { block: label })}>
                    <BlockProperties block={block} errors={errorsOf(block.id)} onChange={(field, value) => onChange(block.id, field, value)} />
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
