/** Role editor: name, code (unique), description, active, and the permission picker grouped by area. */
import { Checkbox } from 'primereact/checkbox';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CATALOGUE } from '../../../../shared/errors';
import type { RoleView } from '../../../../shared/services';
import { isApiError } from '../../api/apiError';
import { call } from '../../api/client';
import { useRolePermissions } from '../../api/hooks';
import { TextField } from '../../components/TextField';
import { FormDialog } from '../../components/FormDialog';
import { currentLang } from '../../i18n';
import { PageSpinner } from '../../components/PageSpinner';
import { showSuccess } from '../../ui/toastBus';
import { filterPermissions, usePermissionLabel } from './permissionLabels';
import { clearedErrors } from '../../components/fieldErrors';
import styles from './RoleEditor.module.css';

const CODE = /^[A-Za-z0-9_-]+$/;

function PermissionGroup({
  group,
  codes,
  shown,
  selected,
  onChange,
  disabled,
}: {
  group: string;
  codes: string[];
  /** the codes the filter leaves; "select all" acts on these */
  shown: string[];
  selected: Set<string>;
  onChange: (codes: string[], on: boolean) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const label = usePermissionLabel();
  const held = codes.filter((c) => selected.has(c)).length;
  const shownHeld = shown.filter((c) => selected.has(c)).length;
  const all = shownHeld === shown.length && shown.length > 0;
  return (
    <fieldset className={styles.permissionGroup} data-group={group}>
      <legend>
        <span>{t(`permissionGroup.${group}`)}</span>
        <span className="muted">
          ({held}/{codes.length})
        </span>
        <span className={styles.selectAll}>
          <Checkbox
            inputId={`perm-all-${group}`}
            checked={all}
            className={shownHeld > 0 && !all ? styles.partial : undefined}
            disabled={disabled}
            onChange={(e) => onChange(shown, Boolean(e.checked))}
          />
          <label htmlFor={`perm-all-${group}`}>{t('role.selectAll')}</label>
        </span>
      </legend>
      <div className={styles.permissionGrid}>
        {shown.map((code) => (
          <div key={code} className="checkbox-row" data-code={code}>
            <Checkbox inputId={`perm-${code}`} value={code} checked={selected.has(code)} disabled={disabled} onChange={(e) => onChange([code], Boolean(e.checked))} />
            <label htmlFor={`perm-${code}`} className={styles.permissionLabel}>
              <span className="permission-name">{label(code)}</span>
              <span className="code muted">{code}</span>
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

function PermissionPicker({
  groups,
  selected,
  onChange,
  disabled,
}: {
  groups: Record<string, string[]>;
  selected: Set<string>;
  onChange: (codes: string[], on: boolean) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const label = usePermissionLabel();
  const [query, setQuery] = useState('');
  const shown = Object.entries(groups)
    .map(([group, codes]) => ({ group, codes, shown: filterPermissions(codes, query, label) }))
    .filter((g) => g.shown.length > 0);
  return (
    <>
      <IconField iconPosition="left" className={styles.permissionFilter}>
        <InputIcon className="pi pi-search" />
        <InputText
          id="permission-filter"
          type="search"
          value={query}
          placeholder={t('role.filterPermissions')}
          aria-label={t('role.filterPermissions')}
          onChange={(e) => setQuery(e.target.value)}
          // Enter filters; it must not submit the role form.
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        />
      </IconField>
      <div className={styles.permissionGroups}>
        {shown.map((g) => (
          <PermissionGroup key={g.group} group={g.group} codes={g.codes} shown={g.shown} selected={selected} onChange={onChange} disabled={disabled} />
        ))}
        {shown.length === 0 && <p className="muted permission-empty">{t('role.noPermissionMatch')}</p>}
      </div>
    </>
  );
}

export function RoleEditor({ role, visible, onHide, onSaved }: { role: RoleView | null; visible: boolean; onHide: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { data: catalogue, isLoading } = useRolePermissions();
  const [form, setForm] = useState({ name: '', code: '', description: '', active: true });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [errors, setErrors] = useState<{ name?: string; code?: string }>({});
  const [busy, setBusy] = useState(false);
  const change = (patch: Partial<typeof form>) => {
    setForm({ ...form, ...patch });
    setErrors((e) => clearedErrors(e, Object.keys(patch)));
  };

  useEffect(() => {
    if (!visible) return;
    setForm({ name: role?.name ?? '', code: role?.code ?? '', description: role?.description ?? '', active: role?.active ?? true });
    setSelected(new Set(role?.permissions ?? []));
    setErrors({});
  }, [visible, role]);

  function toggle(codes: string[], on: boolean) {
    setSelected((prev) => {
      const next = new Set(prev);
      for (const c of codes) on ? next.add(c) : next.delete(c);
      return next;
    });
  }

  async function submit() {
    const code = form.code.trim();
    const problems = {
      name: form.name.trim() ? undefined : t('validation.inputRequired', { param: t('role.name') }),
      code: !code ? t('validation.inputRequired', { param: t('role.code') }) : CODE.test(code) ? undefined : t('role.codeRule'),
    };
    setErrors(problems);
    if (problems.name || problems.code) return;
    setBusy(true);
    try {
      await call('userRole.save', {
        ...(role ? { id: role.id, version: role.version } : {}),
        name: form.name.trim(),
        code,
        description: form.description,
        active: form.active,
        permissions: [...selected],
      });
      showSuccess(t(role ? 'role.updated' : 'role.created', { name: form.name.trim() }));
      onSaved();
      onHide();
    } catch (e) {
      if (isApiError(e) && e.code === '711001') setErrors({ code: ERROR_CATALOGUE['711001'][currentLang()] });
    } finally {
      setBusy(false);
    }
  }

  const system = Boolean(role?.system);
  return (
    <FormDialog id="role-dialog" header={t(role ? 'role.edit' : 'role.add')} visible={visible} onHide={onHide} onSubmit={submit} busy={busy} wide>
      <TextField id="role-name" label={`${t('role.name')} *`} value={form.name} maxLength={100} error={errors.name} onChange={(name) => change({ name })} />
      <TextField id="role-code" label={`${t('role.code')} *`} value={form.code} maxLength={50} error={errors.code} onChange={(code) => change({ code })} />
      <div className="field span-2">
        <label htmlFor="role-description">{t('role.description')}</label>
        <InputTextarea id="role-description" value={form.description} maxLength={500} rows={2} autoResize onChange={(e) => setForm({ ...form, description: e.target.value })} />
      </div>
      <div className={`field span-2 ${styles.switchField}`}>
        <InputSwitch
          inputId="role-active"
          checked={form.active}
          disabled={system}
          onChange={(e) => setForm({ ...form, active: Boolean(e.value) })}
          // The inner input is the switch; PrimeReact's wrapper must not be a second checkbox around it.
          pt={{ root: { role: undefined, 'aria-checked': undefined } }}
        />
        <label htmlFor="role-active">{t('role.active')}</label>
      </div>
      <div className="span-2">
        <h3 className="section-title">
          {t('role.permissions')} <span className="muted">({selected.size})</span>
        </h3>
        {system && <p className="muted small">{t('role.systemHint')}</p>}
        {isLoading || !catalogue ? <PageSpinner /> : <PermissionPicker key={String(visible)} groups={catalogue.groups} selected={selected} onChange={toggle} disabled={system} />}
      </div>
    </FormDialog>
  );
}
