/** The mapping step: what each column of the file becomes, the primary key column, its case, the separator. */
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { useTranslation } from 'react-i18next';
import { type CsvDelimiter, CSV_DELIMITERS, type CsvEncoding, CSV_ENCODINGS } from '../../../../shared/import/csv';
import { DEVICE_IMPORT_FIELDS } from '../../../../shared/entities/device';
import { ATTRIBUTE_TYPES, type ConsentField, IMPORT_TARGETS, KEY_CASES } from '../../../../shared/import/accountImport';
import { CALLING_CODES } from '../../../../shared/phone';
import { Select } from '../../components/Select';
import { useConfiguration } from '../../api/hooks';
import { FieldError, TextField } from '../../components/TextField';
import { type ColumnChoice, deviceChoices, type FileKind, initialMapping, type MappingState, unmappedConsents } from './mapping';
import { SelectField } from '../../components/Field';
import styles from './dataImport.module.css';
import tableStyles from '../../components/list/CursorTable.module.css';
import { ColumnHeads } from '../../components/list/ColumnHeads';

/** The countries offered for numbers without a country code: the organization's list, the usual ones, the chosen one; named in `lang`. */
function countryOptions(lang: string, listed: unknown, chosen: string): { label: string; value: string }[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([lang], { type: 'region' });
  } catch {
    // an old browser: the codes themselves
  }
  const codes = [...new Set([...(Array.isArray(listed) ? listed.filter((c): c is string => typeof c === 'string') : []), ...Object.keys(CALLING_CODES), chosen])].filter((c) =>
    /^[A-Z]{2}$/.test(c),
  );
  return codes.map((code) => {
    const name = names?.of(code) ?? code;
    return { label: CALLING_CODES[code] ? `${name} (+${CALLING_CODES[code]})` : name, value: code };
  });
}

const DELIMITER_NAMES: Record<CsvDelimiter, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' };

type ConsentAnswer = 'UNSET' | 'YES' | 'NO';

/** Per channel no column fills: did the file's people agree to receive on it? Unanswered means no consent. */
function ConsentQuestion({ state, onChange }: { state: MappingState; onChange: (next: MappingState) => void }) {
  const { t } = useTranslation();
  const asked = unmappedConsents(state.choices);
  if (asked.length === 0) return null;
  const answerOf = (f: ConsentField): ConsentAnswer => (state.consent?.[f] === undefined ? 'UNSET' : state.consent[f] ? 'YES' : 'NO');
  const answer = (f: ConsentField, a: ConsentAnswer) => {
    const consent = { ...state.consent };
    if (a === 'UNSET') delete consent[f];
    else consent[f] = a === 'YES';
    onChange({ ...state, consent });
  };
  return (
    <fieldset className="import-consent" data-testid="import-consent">
      <legend className="section-title">{t('dataImport.consentTitle')}</legend>
      <p className="notice notice-warn" id="import-consent-hint">
        {t('dataImport.consentHint')}
      </p>
      <div className="form-grid">
        {asked.map((f) => {
          const channel = t(`dataImport.consentChannel.${f}`);
          return (
            <div className="field" key={f}>
              <label htmlFor={`import-consent-${f}`}>{t('dataImport.consentOf', { channel })}</label>
              <Select
                inputId={`import-consent-${f}`}
                label={t('dataImport.consentOf', { channel })}
                labelled
                value={answerOf(f)}
                options={(['UNSET', 'YES', 'NO'] as const).map((a) => ({ label: t(`dataImport.consentOption.${a}`, { channel }), value: a }))}
                onChange={(e) => answer(f, e.value as ConsentAnswer)}
                aria-describedby="import-consent-hint"
              />
            </div>
          );
        })}
      </div>
      <div className="field-checkbox">
        <Checkbox inputId="import-consent-updates" checked={state.consentUpdates ?? false} onChange={(e) => onChange({ ...state, consentUpdates: e.checked ?? false })} />
        <label htmlFor="import-consent-updates">{t('dataImport.consentUpdates')}</label>
      </div>
    </fieldset>
  );
}

export function MappingStep({
  state,
  errors,
  onChange,
  onDelimiter,
  onEncoding,
  onStart,
  onBack,
  sheets,
}: {
  state: MappingState;
  /** a message per column index, and for the key column */
  errors: { columns: Record<number, string>; key?: string };
  onChange: (next: MappingState) => void;
  onDelimiter: (d: CsvDelimiter) => void;
  onEncoding: (e: CsvEncoding) => void;
  onStart: () => void;
  onBack: () => void;
  /** a workbook's sheets (it has no separator or encoding to choose): the sheet read, and the others to choose from */
  sheets?: { names: string[]; current: string; onSheet: (name: string) => void };
}) {
  const { t, i18n } = useTranslation();
  const { data: configuration } = useConfiguration();
  const { header, sample, choices } = state;
  const setChoice = (i: number, change: Partial<ColumnChoice>) => onChange({ ...state, choices: choices.map((c, j) => (j === i ? { ...c, ...change } : c)) });
  const columnName = (i: number) => header[i] || `#${i + 1}`;
  const device = state.kind === 'DEVICE';
  const targets = device ? DEVICE_IMPORT_FIELDS : IMPORT_TARGETS;
  // a new kind starts from that kind's guess of each column
  const setKind = (kind: FileKind) =>
    onChange({ ...state, kind, choices: kind === 'DEVICE' ? deviceChoices(header) : initialMapping({ header, sample, delimiter: state.delimiter }, state.encoding).choices });

  return (
    <div className="card import-mapping">
      <h2 className="card-title">{t('dataImport.mappingTitle')}</h2>
      <div className="form-grid">
        <SelectField
          id="import-kind"
          label={t('dataImport.kind')}
          className="span-2"
          value={state.kind}
          options={(['ACCOUNT', 'DEVICE'] as const).map((k) => ({ label: t(`dataImport.kindOption.${k}`), value: k }))}
          onChange={(e) => setKind(e.value as FileKind)}
        />
        <SelectField
          id="import-key"
          label={t(device ? 'dataImport.accountKey' : 'dataImport.primaryKey')}
          hint={t(device ? 'dataImport.accountKeyHint' : 'dataImport.primaryKeyHint')}
          error={errors.key}
          value={state.primaryKeyColumn}
          options={header.map((_, i) => ({ label: columnName(i), value: i }))}
          onChange={(e) => onChange({ ...state, primaryKeyColumn: e.value as number })}
        />
        <SelectField
          id="import-key-case"
          label={t('dataImport.keyCase')}
          value={state.keyCase}
          options={KEY_CASES.map((k) => ({ label: t(`dataImport.keyCaseOption.${k}`), value: k }))}
          onChange={(e) => onChange({ ...state, keyCase: e.value })}
        />
        {sheets ? (
          sheets.names.length > 1 && (
            <SelectField
              id="import-sheet"
              label={t('dataImport.sheet')}
              hint={t('dataImport.sheetHint', { count: sheets.names.length })}
              value={sheets.current}
              options={sheets.names.map((name) => ({ label: name, value: name }))}
              onChange={(e) => sheets.onSheet(e.value as string)}
            />
          )
        ) : (
          <>
            <SelectField
              id="import-delimiter"
              label={t('dataImport.delimiter')}
              value={state.delimiter}
              options={CSV_DELIMITERS.map((d) => ({ label: t(`dataImport.delimiterOption.${DELIMITER_NAMES[d]}`), value: d }))}
              onChange={(e) => onDelimiter(e.value as CsvDelimiter)}
            />
            <SelectField
              id="import-encoding"
              label={t('dataImport.encoding')}
              hint={t('dataImport.encodingHint')}
              value={state.encoding}
              options={CSV_ENCODINGS.map((e) => ({ label: e, value: e }))}
              onChange={(e) => onEncoding(e.value as CsvEncoding)}
            />
          </>
        )}
        {!device && (
          <SelectField
            id="import-country"
            label={t('dataImport.phoneCountry')}
            hint={t('dataImport.phoneCountryHint')}
            value={state.defaultCountry}
            options={[{ label: t('dataImport.phoneCountryNone'), value: '' }, ...countryOptions(i18n.language, configuration?.systemSetting.countryList, state.defaultCountry)]}
            onChange={(e) => onChange({ ...state, defaultCountry: e.value as string })}
          />
        )}
      </div>
      <div className={tableStyles.tableScroll}>
        <table className={tableStyles.table}>
          <ColumnHeads labels={[t('dataImport.column'), t('dataImport.sample'), t('dataImport.target')]} />
          <tbody>
            {header.map((_, i) => {
              const c = choices[i];
              const isKey = i === state.primaryKeyColumn;
              return (
                <tr key={i} data-column={i}>
                  <th scope="row">
                    {columnName(i)}
                    {isKey && <span className={styles.keyBadge}>{t('dataImport.key')}</span>}
                  </th>
                  <td className={styles.sampleCell}>
                    {sample
                      .map((r) => r[i] ?? '')
                      .filter(Boolean)
                      .slice(0, 3)
                      .join(', ') || '--'}
                  </td>
                  <td>
                    <div className={styles.mappingChoice}>
                      <Select
                        inputId={`import-target-${i}`}
                        label={t('dataImport.targetOf', { column: columnName(i) })}
                        value={c.target}
                        options={['ignore', ...targets].map((k) => ({ label: t(`dataImport.${device && k !== 'ignore' ? 'deviceTargetOption' : 'targetOption'}.${k}`), value: k }))}
                        onChange={(e) => setChoice(i, { target: e.value })}
                      />
                      {c.target === 'attribute' && (
                        <>
                          <TextField
                            id={`import-attribute-${i}`}
                            label={t('dataImport.attributeName', { column: columnName(i) })}
                            fieldClassName={styles.compactField}
                            value={c.attribute}
                            maxLength={64}
                            onChange={(attribute) => setChoice(i, { attribute })}
                          />
                          <Select
                            inputId={`import-type-${i}`}
                            label={t('dataImport.attributeType', { column: columnName(i) })}
                            value={c.type}
                            options={ATTRIBUTE_TYPES.map((k) => ({ label: t(`dataImport.typeOption.${k}`), value: k }))}
                            onChange={(e) => setChoice(i, { type: e.value })}
                          />
                        </>
                      )}
                    </div>
                    <FieldError id={`import-target-${i}-error`} text={errors.columns[i]} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {!device && <ConsentQuestion state={state} onChange={onChange} />}
      <div className="form-actions">
        <Button type="button" label={t('dataImport.back')} outlined onClick={onBack} />
        <Button type="button" icon="pi pi-upload" label={t('dataImport.start')} onClick={onStart} />
      </div>
    </div>
  );
}
