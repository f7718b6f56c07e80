/**
 * "Insert preset" in the template editors: one of the organization's presets for the channel, its content in
 * the current language (the nearest the preset has) handed to the editor, its parameters' tokens with their
 * default values (`preset.insert`).
 */
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Channel } from '../../../../shared/delivery';
import type { PresetInsertion } from '../../../../shared/services/preset';
import { call } from '../../api/client';
import { useCall } from '../../api/hooks';
import { keys } from '../../api/keys';
import { showSuccess } from '../../ui/toastBus';
import { SelectField } from '../../components/Field';
import '../../i18n/areas/presets';

export function PresetPicker({ channel, language, onInsert }: { channel: Channel; language: string; onInsert: (insertion: PresetInsertion) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const choices = useCall(open ? keys.presetChoices(channel) : null);
  const options = (choices.data ?? []).map((c) => ({ value: c.id, label: c.name }));

  async function insert() {
    if (!chosen) return;
    setBusy(true);
    try {
      onInsert(await call('preset.insert', { id: chosen, language }));
      showSuccess(t('presetPicker.inserted', { name: options.find((o) => o.value === chosen)?.label ?? '' }));
      setOpen(false);
    } catch {
      // the toast says why
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button type="button" icon="pi pi-clone" outlined label={t('presetPicker.open')} onClick={() => setOpen(true)} />
      <Dialog
        id="preset-picker"
        header={t('presetPicker.title')}
        visible={open}
        onHide={() => setOpen(false)}
        style={{ width: 'min(32rem, 95vw)' }}
        footer={<Button type="button" label={t('presetPicker.insert')} icon="pi pi-check" loading={busy} disabled={!chosen} onClick={() => void insert()} />}
      >
        <SelectField
          id="preset-picker-choice"
          label={t('presetPicker.label')}
          value={chosen}
          options={options}
          emptyMessage={t('presetPicker.none')}
          onChange={(e) => setChosen(e.value ?? null)}
        />
      </Dialog>
    </>
  );
}
