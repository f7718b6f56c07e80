/**
 * The HTML (in-app) builder of a push message of content type html: the block registry's in-app blocks (tip and
 * carousel included) added, moved, edited and removed with the email builder's own palette and canvas, and the
 * page as the app shows it through the one renderer's in-app form, at 393 and 600 px.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BlockType, createBlock, renderInApp, THEME_DEFAULT } from '../../../../../shared/render';
import { BlockCanvas } from '../builder/BlockCanvas';
import { BlockPalette } from '../builder/BlockPalette';
import { type BlockDraft, newBlockId } from '../draft';
import { PREVIEW_WIDTHS, type PreviewWidth, SAMPLE_RECIPIENT } from '../preview';
import { previewBlock } from '../validation';
import previewStyles from '../builder/PreviewPane.module.css';
import styles from './channel.module.css';

export function InAppBuilder({
  blocks,
  title,
  language,
  onChange,
  errorAt,
}: {
  blocks: readonly BlockDraft[];
  title: string;
  language: string;
  onChange: (blocks: BlockDraft[], key: string) => void;
  /** the message at `blocks.<index>.<field>` once it should show */
  errorAt: (path: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string | null>(null);
  const [width, setWidth] = useState<PreviewWidth>('mobile');
  const px = PREVIEW_WIDTHS[width];

  function insert(type: BlockType, index = blocks.length) {
    const block = { ...(createBlock(type, language) as Record<string, unknown>), id: newBlockId() } as BlockDraft;
    onChange([...blocks.slice(0, index), block, ...blocks.slice(index)], 'blocks');
    setSelected(block.id);
  }
  function move(id: string, to: number) {
    const from = blocks.findIndex((b) => b.id === id);
    const rest = blocks.filter((b) => b.id !== id);
    const at = Math.max(0, Math.min(to, rest.length));
    if (from < 0 || at === from) return;
    onChange([...rest.slice(0, at), blocks[from]!, ...rest.slice(at)], 'blocks');
  }
  const errorsOf = (id: string) => {
    const index = blocks.findIndex((b) => b.id === id);
    const out: Record<string, string> = {};
    for (const [field] of Object.entries(blocks[index] ?? {})) {
      const message = errorAt(`blocks.${index}.${field}`);
      if (message) out[field] = message;
    }
    return out;
  };
  const page = renderInApp({ language, theme: { ...THEME_DEFAULT }, title, blocks: blocks.map(previewBlock) as never }, SAMPLE_RECIPIENT, {
    feedbackUrl: (answer) => `https://example.com/feedback/${answer}`,
  });

  return (
    <div className={`${styles.inAppBuilder} span-2`}>
      <BlockPalette form="inApp" onAdd={(type) => insert(type, selected ? blocks.findIndex((b) => b.id === selected) + 1 : blocks.length)} />
      <BlockCanvas
        blocks={blocks}
        selectedId={selected}
        invalidIds={new Set(blocks.filter((b) => Object.keys(errorsOf(b.id)).length > 0).map((b) => b.id))}
        errorsOf={errorsOf}
        onSelect={setSelected}
        onMove={move}
        onRemove={(id) => {
          onChange(
            blocks.filter((b) => b.id !== id),
            'blocks',
          );
          if (selected === id) setSelected(null);
        }}
        onInsert={insert}
        onChange={(id, field, value) =>
          onChange(
            blocks.map((b) => (b.id === id ? { ...b, [field]: value } : b)),
            `blocks.${id}.${field}`,
          )
        }
      />
      {errorAt('blocks') && (
        <p className="p-error" role="alert">
          {errorAt('blocks')}
        </p>
      )}
      <div className={previewStyles.previewToolbar}>
        <h3 className="section-title">{t('channelContent.push.inAppPreview')}</h3>
        <div className={previewStyles.widthToggle} role="group" aria-label={t('template.previewWidth')}>
          {(Object.keys(PREVIEW_WIDTHS) as PreviewWidth[]).map((w) => (
            <button
              key={w}
              type="button"
              className={`${previewStyles.widthOption} width-option${w === width ? ` ${previewStyles.active}` : ''}`}
              aria-pressed={w === width}
              data-width={PREVIEW_WIDTHS[w]}
              onClick={() => setWidth(w)}
            >
              <i className={w === 'desktop' ? 'pi pi-desktop' : 'pi pi-mobile'} aria-hidden="true" />
              <span>{t(`template.${w}`)}</span>
            </button>
          ))}
        </div>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focusable because at 600 px the page may scroll sideways within the editor's column */}
      <div className={previewStyles.previewStage} tabIndex={0} role="region" aria-label={t('channelContent.push.inAppFrame', { width: px })}>
        <iframe
          title={t('channelContent.push.inAppFrame', { width: px })}
          sandbox=""
          srcDoc={page.html}
          width={px}
          style={{ width: `${px}px` }}
          className={previewStyles.previewFrame}
          data-testid="in-app-preview"
        />
      </div>
    </div>
  );
}
