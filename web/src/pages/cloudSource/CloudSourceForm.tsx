/**
 * The cloud source dialog (spec 001 3.13): the source and its loop, the connection of its type, the file's shape,
 * its columns in file order, the keys and mapping columns, and the alerts. Credentials are write-only: the form
 * shows whether one is stored, and an empty field keeps it. Checked with the server's own schema before sending.
 */
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { MultiSelect } from 'primereact/multiselect';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOUD_ALERT_TYPES, CLOUD_MESSAGES, CLOUD_SOURCE_TYPES, type FileColumn } from '../../../../shared/entities/cloudSource';
import { EXPORT_LOOPS } from '../../../../shared/entities/dataExport';
import { ATTRIBUTE_TYPES, IMPORT_TARGETS, KEY_CASES } from '../../../../shared/import/accountImport';
import { CSV_DELIMITERS, CSV_ENCODINGS } from '../../../../shared/import/csv';
import type { CloudSourceView } from '../../../../shared/services';
import { cloudSourceSavePayload } from '../../../../shared/services/cloudSource';
import { ApiError } from '../../api/apiError';
import { call } from '../../api/client';
import { handleApiError } from '../../api/errorHandler';
import { FormDialog } from '../../components/FormDialog';
import { fieldErrorsOf, safeParseIn, schemaText } from '../../components/schemaErrors';
import { Select } from '../../components/Select';
import { FieldError, TextField } from '../../components/TextField';
import { showSuccess } from '../../ui/toastBus';
import styles from './CloudSourceForm.module.css';
import tableStyles from '../../components/list/CursorTable.module.css';
import { DELIMITER_NAMES, type Form, formOf, newColumn, payloadOf } from './cloudSourceFormModel';
import { HostKey } from './HostKey';
import { RoleTrust } from './RoleTrust';
import { RowAction } from '../../components/list/RowAction';

export function CloudSourceForm({ source, visible, onHide, onSaved }: { source: CloudSourceView | null; visible: boolean; onHide: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<Form>(() => formOf(null));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // the source as last answered: trusting a host key moves its version on while the dialog is open
  const [current, setCurrent] = useState<CloudSourceView | null>(source);

  useEffect(() => {
    if (!visible) return;
    setForm(formOf(source));
    setCurrent(source);
    setErrors({});
  }, [visible, source]);

  function set<K extends keyof Form>(field: K, value: Form[K]) {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  }
  function setColumn(i: number, change: Partial<FileColumn>) {
    setForm((f) => ({ ...f, fileColumns: f.fileColumns.map((c, j) => (j === i ? { ...c, ...change } : c)) }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith(`fileColumns.${i}.`) && k !== 'fileColumns')));
  }
  function moveColumn(i: number) {
    setForm((f) => {
      const cols = [...f.fileColumns];
      [cols[i - 1], cols[i]] = [cols[i], cols[i - 1]];
      return { ...f, fileColumns: cols };
    });
  }

  async function submit() {
    const payload = payloadOf(form, current);
    const parsed = safeParseIn(cloudSourceSavePayload, payload);
    const found: Record<string, string> = parsed.success ? {} : fieldErrorsOf(parsed.error);
    // the server's own rule: a stored credential counts, so an edit need not type it again
    if (form.sourceType === 'SFTP' && !form.password && !form.privateKey && !source?.hasPassword && !source?.hasPrivateKey)
      found.password ||= schemaText(CLOUD_MESSAGES.credential);
    if (form.sourceType === 'S3' && !form.roleArn && !(form.accessKey && (form.secretKey || source?.hasSecretKey))) found.accessKey ||= schemaText(CLOUD_MESSAGES.s3Credential);
    if (source?.credentialsNeeded && !form.password && !form.privateKey && !form.secretKey && form.sourceType !== 'UPLOAD' && !(form.sourceType === 'S3' && form.roleArn)) {
      found[form.sourceType === 'S3' ? 'secretKey' : 'password'] ||= t('cloudSource.hint.credentialsNeeded');
    }
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    setBusy(true);
    try {
      const saved = await call('cloudSource.save', parsed.data as never, { quiet: true });
      showSuccess(t(source ? 'cloudSource.saved' : 'cloudSource.created', { title: saved.title }));
      onSaved();
      onHide();
    } catch (e) {
      handleApiError(e instanceof ApiError ? e : new ApiError('400000'));
    } finally {
      setBusy(false);
    }
  }

  async function trustHostKey(fingerprint: string) {
    if (!current) return;
    setBusy(true);
    try {
      setCurrent(await call('cloudSource.confirmHostKey', { id: current.id, fingerprint }));
      showSuccess(t('cloudSource.hostKeyTrusted'));
      onSaved();
    } finally {
      setBusy(false);
    }
  }

  const f = (key: string) => t(`cloudSource.field.${key}`);
  const text = (key: keyof Form, hint?: string, props: Record<string, unknown> = {}) => (
    <TextField id={`cloud-${key}`} label={f(key)} value={String(form[key] ?? '')} error={errors[key]} hint={hint} onChange={(v) => set(key, v as never)} {...props} />
  );
  const number = (key: 'port' | 'firstDataRow' | 'lastDataRow' | 'largeFileRowLimit', hint?: string) => (
    <div className="field">
      <label htmlFor={`cloud-${key}`}>{f(key)}</label>
      <InputNumber
        inputId={`cloud-${key}`}
        value={form[key]}
        useGrouping={key !== 'port'}
        invalid={Boolean(errors[key])}
        aria-describedby={errors[key] || hint ? `cloud-${key}-error` : undefined}
        onChange={(e) => set(key, (e.value ?? (key === 'lastDataRow' ? null : 0)) as never)}
      />
      {errors[key] ? (
        <FieldError id={`cloud-${key}-error`} text={errors[key]} />
      ) : (
        hint && (
          <small id={`cloud-${key}-error`} className="field-hint">
            {hint}
          </small>
        )
      )}
    </div>
  );
  const select = <K extends keyof Form>(key: K, options: readonly { value: string; label: string }[], clear = false) => (
    <div className="field">
      <label htmlFor={`cloud-${key}`}>{f(key)}</label>
      <Select
        inputId={`cloud-${key}`}
        label={f(key)}
        labelled
        value={form[key] || null}
        options={[...options]}
        showClear={clear}
        placeholder={clear ? t('cloudSource.hint.none') : undefined}
        invalid={Boolean(errors[key])}
        onChange={(e) => set(key, (e.value ?? '') as Form[K])}
      />
      <FieldError id={`cloud-${key}-error`} text={errors[key]} />
    </div>
  );
  const check = (key: 'holdForConfirmation' | 'multiSend') => (
    <div className="field checkbox-row span-2">
      <Checkbox inputId={`cloud-${key}`} checked={form[key]} onChange={(e) => set(key, Boolean(e.checked))} />
      <label htmlFor={`cloud-${key}`}>{f(key)}</label>
    </div>
  );
  const secret = (key: 'password' | 'secretKey', stored: boolean | undefined) =>
    text(key, stored ? t('cloudSource.hint.storedSecret') : undefined, { type: 'password', autoComplete: 'new-password' });
  const section = (key: string, body: ReactNode) => (
    <fieldset className={`${styles.formSection} span-2`} key={key}>
      <legend>{t(`cloudSource.section.${key}`)}</legend>
      <div className="form-grid">{body}</div>
    </fieldset>
  );
  const columnIds = form.fileColumns.map((c) => c.columnId.trim()).filter(Boolean);
  const columnOptions = [...new Set(columnIds)].map((value) => ({ value, label: value }));
  const options = (group: string, values: readonly string[]) => values.map((value) => ({ value, label: t(`cloudSource.option.${group}.${value}`) }));

  return (
    <FormDialog id="cloud-source-dialog" header={t(source ? 'cloudSource.edit' : 'cloudSource.add')} visible={visible} onHide={onHide} onSubmit={submit} busy={busy} wide>
      {section(
        'general',
        <>
          {text('title')}
          {select('sourceType', options('sourceType', CLOUD_SOURCE_TYPES))}
          {select('loopType', options('loopType', EXPORT_LOOPS))}
          {select('status', options('status', ['ACTIVE', 'INACTIVE']))}
          {text('resourceName')}
          {check('holdForConfirmation')}
          {check('multiSend')}
        </>,
      )}
      {section(
        'connection',
        form.sourceType === 'SFTP' ? (
          <>
            {text('host')}
            {number('port')}
            {text('username', undefined, { autoComplete: 'off' })}
            {secret('password', source?.hasPassword)}
            {source?.credentialsNeeded && (
              <p className="muted span-2" data-testid="cloud-credentials-needed">
                {t('cloudSource.hint.credentialsNeeded')}
              </p>
            )}
            <div className="field span-2">
              <label htmlFor="cloud-privateKey">{f('privateKey')}</label>
              <InputTextarea
                id="cloud-privateKey"
                value={form.privateKey}
                rows={3}
                spellCheck={false}
                placeholder={source?.hasPrivateKey ? t('cloudSource.hint.storedSecret') : '-----BEGIN OPENSSH PRIVATE KEY-----'}
                onChange={(e) => set('privateKey', e.target.value)}
              />
            </div>
            <HostKey source={current} sameServer={current?.host === form.host && current?.port === form.port} busy={busy} onTrust={trustHostKey} />
          </>
        ) : form.sourceType === 'S3' ? (
          <>
            {text('bucket')}
            {text('region', undefined, { placeholder: 'ap-northeast-1' })}
            {text('accessKey', t('cloudSource.hint.s3Credential'), { autoComplete: 'off' })}
            {secret('secretKey', source?.hasSecretKey)}
            {text('roleArn', undefined, { placeholder: 'arn:aws:iam::123456789012:role/HeraldReader', fieldClassName: 'span-2' })}
            {source?.credentialsNeeded && (
              <p className="muted span-2" data-testid="cloud-credentials-needed">
                {t('cloudSource.hint.credentialsNeeded')}
              </p>
            )}
            {form.roleArn && <RoleTrust source={current} />}
          </>
        ) : (
          <p className="muted span-2">{t('cloudSource.hint.upload')}</p>
        ),
      )}
      {section(
        'file',
        <>
          {form.sourceType !== 'UPLOAD' && text('filePath', t(form.sourceType === 'S3' ? 'cloudSource.hint.filePathS3' : 'cloudSource.hint.filePathSftp'))}
          {text('fileName', t('cloudSource.hint.fileName'))}
          {select(
            'encoding',
            CSV_ENCODINGS.map((value) => ({ value, label: value })),
          )}
          {select(
            'splitChar',
            CSV_DELIMITERS.map((value) => ({ value, label: t(`dataImport.delimiterOption.${DELIMITER_NAMES[value]}`) })),
          )}
          {text('sheetName', t('cloudSource.hint.sheetName'))}
          {number('firstDataRow')}
          {number('lastDataRow', t('cloudSource.hint.lastDataRow'))}
          {number('largeFileRowLimit')}
        </>,
      )}
      {section(
        'columns',
        <div className="span-2">
          <p className="muted">{t('cloudSource.hint.columns')}</p>
          <table className={`${styles.cloudColumns} plain-table ${tableStyles.table}`} data-testid="cloud-columns">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t('cloudSource.column.columnId')}</th>
                <th scope="col">{t('cloudSource.column.checkTitle')}</th>
                <th scope="col">{t('cloudSource.column.regex')}</th>
                <th scope="col">{t('cloudSource.column.fieldType')}</th>
                <th scope="col">{t('cloudSource.column.attribute')}</th>
                <th scope="col">
                  <span className="sr-only">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {form.fileColumns.map((c, i) => {
                const n = i + 1;
                const err = (k: string) => errors[`fileColumns.${i}.${k}`];
                return (
                  <tr key={i}>
                    <td>{n}</td>
                    <td>
                      <InputText
                        id={`cloud-col-${i}-columnId`}
                        value={c.columnId}
                        aria-label={t('cloudSource.column.columnIdOf', { n })}
                        invalid={Boolean(err('columnId'))}
                        onChange={(e) => setColumn(i, { columnId: e.target.value })}
                      />
                      <FieldError id={`cloud-col-${i}-columnId-error`} text={err('columnId')} />
                    </td>
                    <td>
                      <Checkbox
                        inputId={`cloud-col-${i}-checkTitle`}
                        checked={c.checkTitle}
                        aria-label={t('cloudSource.column.checkTitleOf', { n })}
                        onChange={(e) => setColumn(i, { checkTitle: Boolean(e.checked) })}
                      />
                    </td>
                    <td>
                      <InputText
                        id={`cloud-col-${i}-regex`}
                        value={c.regex}
                        placeholder="^[0-9]+$"
                        aria-label={t('cloudSource.column.regexOf', { n })}
                        invalid={Boolean(err('regex'))}
                        onChange={(e) => setColumn(i, { regex: e.target.value })}
                      />
                      <FieldError id={`cloud-col-${i}-regex-error`} text={err('regex')} />
                    </td>
                    <td>
                      <Select
                        inputId={`cloud-col-${i}-fieldType`}
                        label={t('cloudSource.column.fieldTypeOf', { n })}
                        value={c.fieldType}
                        options={['ignore', ...IMPORT_TARGETS].map((value) => ({ value, label: t(`dataImport.targetOption.${value}`) }))}
                        onChange={(e) => setColumn(i, { fieldType: e.value })}
                      />
                    </td>
                    <td>
                      {c.fieldType === 'attribute' && (
                        <div className={styles.cloudAttribute}>
                          <InputText
                            id={`cloud-col-${i}-attribute`}
                            value={c.attribute ?? ''}
                            aria-label={t('cloudSource.column.attributeOf', { n })}
                            invalid={Boolean(err('attribute'))}
                            onChange={(e) => setColumn(i, { attribute: e.target.value })}
                          />
                          <Select
                            inputId={`cloud-col-${i}-format`}
                            label={t('cloudSource.column.formatOf', { n })}
                            value={c.format}
                            options={ATTRIBUTE_TYPES.map((value) => ({ value, label: t(`dataImport.typeOption.${value}`) }))}
                            onChange={(e) => setColumn(i, { format: e.value })}
                          />
                          <FieldError id={`cloud-col-${i}-attribute-error`} text={err('attribute')} />
                        </div>
                      )}
                    </td>
                    <td className="row-actions">
                      <Button type="button" icon="pi pi-arrow-up" text rounded disabled={i === 0} aria-label={t('cloudSource.column.up', { n })} onClick={() => moveColumn(i)} />
                      <RowAction
                        icon="pi pi-times"
                        label={t('cloudSource.column.remove', { n })}
                        severity="danger"
                        disabled={form.fileColumns.length === 1}
                        onClick={() => setForm((old) => ({ ...old, fileColumns: old.fileColumns.filter((_, j) => j !== i) }))}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <FieldError id="cloud-fileColumns-error" text={errors.fileColumns} />
          <Button
            type="button"
            icon="pi pi-plus"
            label={t('cloudSource.column.add')}
            text
            disabled={form.fileColumns.length >= 200}
            onClick={() => setForm((old) => ({ ...old, fileColumns: [...old.fileColumns, newColumn()] }))}
          />
        </div>,
      )}
      {section(
        'keys',
        <>
          {select('uniqueIdField', columnOptions)}
          {select(
            'keyCase',
            KEY_CASES.map((value) => ({ value, label: t(`dataImport.keyCaseOption.${value}`) })),
          )}
          {select('groupColumn', columnOptions, true)}
          {select('localeColumn', columnOptions, true)}
        </>,
      )}
      {section(
        'alerts',
        <>
          <div className="field">
            <label htmlFor="cloud-alertTypes">{f('alertTypes')}</label>
            <MultiSelect
              inputId="cloud-alertTypes"
              value={form.alertTypes}
              options={options('alertTypes', CLOUD_ALERT_TYPES)}
              display="chip"
              pt={{ headerCheckbox: { input: { 'aria-label': f('alertTypes') } } }}
              onChange={(e) => set('alertTypes', e.value)}
            />
          </div>
          {text('emailReceivers', t('cloudSource.hint.emailReceivers'))}
          {Object.entries(errors)
            .filter(([k, v]) => k.startsWith('emailReceivers.') && v)
            .slice(0, 1)
            .map(([k, v]) => (
              <FieldError key={k} id="cloud-emailReceivers-each-error" text={v} />
            ))}
        </>,
      )}
    </FormDialog>
  );
}
