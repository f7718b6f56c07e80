/**
 * "Choose from assets" beside an image address: a dialog over the asset manager's folders (s3Manager.getList)
 * showing the organization's pictures with thumbnails, a name filter and pages; choosing one hands back the
 * public address the asset manager shows and copies (AssetFileView.url).
 */
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Paginator } from 'primereact/paginator';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { AssetFileView } from '../../../../../shared/services';
import { call } from '../../../api/client';
import { messageFor } from '../../../api/errorHandler';
import { keys } from '../../../api/keys';
import { useCloseOnNavigation } from '../../../ui/dialogBus';
import styles from '../../assets/assets.module.css';
import pickerStyles from './AssetPicker.module.css';

export const PICKER_PAGE_SIZE = 12;

/** The picture types an image block takes (its hint: PNG, JPEG or GIF), told by the name as the asset manager does. */
export const isImageAsset = (name: string) => /\.(png|jpe?g|gif)$/i.test(name);

/** The folder's pictures whose name holds `filter` (any case), sorted by name. */
export function imageAssets(files: readonly AssetFileView[], filter: string): AssetFileView[] {
  const needle = filter.trim().toLocaleLowerCase();
  return files.filter((f) => isImageAsset(f.name) && (!needle || f.name.toLocaleLowerCase().includes(needle))).sort((a, b) => a.name.localeCompare(b.name));
}

/** The sub-folders whose name holds `filter`: a filter narrows what is shown, folders included. */
export function matchingFolders<T extends { name: string }>(folders: readonly T[], filter: string): T[] {
  const needle = filter.trim().toLocaleLowerCase();
  return folders.filter((f) => !needle || f.name.toLocaleLowerCase().includes(needle));
}

/** One page of `items`; a page past the end (after a narrower filter) shows the last one. */
export function pageOf<T>(items: readonly T[], first: number, size = PICKER_PAGE_SIZE): { first: number; items: T[] } {
  const last = Math.max(0, Math.floor((items.length - 1) / size) * size);
  const start = Math.min(Math.max(0, first), last);
  return { first: start, items: items.slice(start, start + size) };
}

export function AssetPicker({ onPick }: { onPick: (url: string) => void }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const close = () => {
    setVisible(false);
    // back to the button that opened it, so the keyboard goes on from the field
    setTimeout(() => opener.current?.focus(), 0);
  };
  useCloseOnNavigation(visible, () => setVisible(false));
  return (
    <>
      <Button
        type="button"
        className={pickerStyles.assetPickerOpen}
        icon="pi pi-images"
        label={t('template.assetPicker.open')}
        outlined
        size="small"
        aria-haspopup="dialog"
        onClick={(e) => {
          opener.current = e.currentTarget;
          setVisible(true);
        }}
      />
      <Dialog
        header={t('template.assetPicker.title')}
        visible={visible}
        onHide={close}
        className={pickerStyles.assetPickerDialog}
        breakpoints={{ '1023px': '90vw', '640px': '100vw' }}
        modal
        draggable={false}
      >
        {visible && (
          <PickerBody
            onPick={(url) => {
              onPick(url);
              close();
            }}
          />
        )}
      </Dialog>
    </>
  );
}

function PickerBody({ onPick }: { onPick: (url: string) => void }) {
  const { t } = useTranslation();
  const filterId = useId();
  const [folder, setFolder] = useState('');
  const [filter, setFilter] = useState('');
  const [first, setFirst] = useState(0);
  // quiet: a failure is told inside the dialog (with Try again), not as a toast behind it
  const { data, error, isLoading, mutate } = useSWR(keys.assets(folder), ([, payload]) => call('s3Manager.getList', payload, { quiet: true }), { shouldRetryOnError: false });
  const folders = matchingFolders(data?.folders ?? [], filter);
  const images = imageAssets(data?.files ?? [], filter);
  const page = pageOf(images, first);
  const crumbs = folder ? folder.split('/') : [];
  const go = (next: string) => {
    setFolder(next);
    setFilter('');
    setFirst(0);
  };

  return (
    <div className="asset-picker">
      <div className={pickerStyles.assetPickerToolbar}>
        <nav aria-label={t('template.assetPicker.folders')} className={styles.assetCrumbs}>
          <Button
            type="button"
            text
            size="small"
            icon="pi pi-home"
            label={t('template.assetPicker.top')}
            aria-current={folder === '' ? 'page' : undefined}
            onClick={() => go('')}
          />
          {crumbs.map((c, i) => (
            <span key={i}>
              <i className="pi pi-angle-right" aria-hidden="true" />
              <Button type="button" text size="small" label={c} aria-current={i === crumbs.length - 1 ? 'page' : undefined} onClick={() => go(crumbs.slice(0, i + 1).join('/'))} />
            </span>
          ))}
        </nav>
        <div className={`${pickerStyles.assetPickerFilter} field`}>
          <label htmlFor={filterId}>{t('template.assetPicker.filter')}</label>
          <InputText
            id={filterId}
            type="search"
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value);
              setFirst(0);
            }}
          />
        </div>
      </div>
      {isLoading ? (
        <p role="status" className={pickerStyles.assetPickerState}>
          <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {t('template.assetPicker.loading')}
        </p>
      ) : error ? (
        <div role="alert" className={pickerStyles.assetPickerState}>
          <p>
            {t('template.assetPicker.loadFailed')} {messageFor(error)}
          </p>
          <Button type="button" outlined size="small" icon="pi pi-refresh" label={t('template.assetPicker.retry')} onClick={() => void mutate()} />
        </div>
      ) : (
        <>
          {folders.length > 0 && (
            <ul className={pickerStyles.assetPickerFolders} aria-label={t('template.assetPicker.folders')}>
              {folders.map((f) => (
                <li key={f.path}>
                  <Button
                    type="button"
                    text
                    size="small"
                    icon="pi pi-folder"
                    label={f.name}
                    aria-label={t('template.assetPicker.openFolder', { name: f.name })}
                    onClick={() => go(f.path)}
                  />
                </li>
              ))}
            </ul>
          )}
          {images.length === 0 ? (
            <p role="status" className={`${pickerStyles.assetPickerState} muted`}>
              {filter.trim() ? t('template.assetPicker.noMatch', { filter: filter.trim() }) : t('template.assetPicker.empty')}
            </p>
          ) : (
            <ul className={pickerStyles.assetPickerGrid} aria-label={t('template.assetPicker.images')}>
              {page.items.map((f) => (
                <li key={f.path}>
                  <button
                    type="button"
                    className={pickerStyles.assetPickerItem}
                    data-testid="asset-picker-item"
                    aria-label={t('template.assetPicker.choose', { name: f.name })}
                    title={f.name}
                    onClick={() => onPick(f.url)}
                  >
                    <img src={f.url} alt="" loading="lazy" />
                    <span className={pickerStyles.assetPickerName} data-testid="asset-picker-name">
                      {f.name}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {images.length > PICKER_PAGE_SIZE && <Paginator first={page.first} rows={PICKER_PAGE_SIZE} totalRecords={images.length} onPageChange={(e) => setFirst(e.first)} />}
          {data?.truncated && <p className="muted small">{t('template.assetPicker.truncated')}</p>}
          <p className="muted small">{t('template.assetPicker.uploadHint')}</p>
        </>
      )}
    </div>
  );
}
