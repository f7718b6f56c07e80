/** AND/OR groups of conditions: a field, an operator that suits it, and a value that suits both. */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { useTranslation } from 'react-i18next';
import { GROUP_OPS, RULE_LIMITS } from '../../../../shared/segment';
import { Select } from '../../components/Select';
import { FieldError } from '../../components/TextField';
import { type DraftCondition, type DraftGroup, type DraftNode, FIELD_CHOICES, isDraftGroup, kindOf, newCondition, newGroup, operatorsOf, takesValue } from './draft';
import { tagOperators, useSegmentTags, withTag } from './segmentTags';
import styles from './segment.module.css';

interface NodeProps<N> {
  node: N;
  /** the position shown to people and screen readers, e.g. 2 or 2.1 */
  label: string;
  problems: Map<string, string>;
  onChange: (next: N) => void;
}

function ValueInput({
  c,
  label,
  onChange,
  invalid,
  describedBy,
  choices,
}: {
  c: DraftCondition;
  label: string;
  onChange: (value: string) => void;
  invalid: boolean;
  describedBy?: string;
  choices?: string[];
}) {
  const { t } = useTranslation();
  const id = `rule-value-${c.key}`;
  const kind = kindOf(c.field);
  const aria = `${t('segment.value')} ${label}`;
  // a segment tag's allowed values: one for equals, several for in
  if (choices && choices.length > 0 && (c.operator === 'equals' || c.operator === 'notEquals')) {
    return (
      <Select
        inputId={id}
        label={aria}
        value={c.value || null}
        placeholder={t('crud.choose')}
        filter
        options={choices.map((v) => ({ label: v, value: v }))}
        invalid={invalid}
        onChange={(e) => onChange(String(e.value ?? ''))}
      />
    );
  }
  if (choices && choices.length > 0 && (c.operator === 'in' || c.operator === 'notIn')) {
    const chosen = c.value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    return (
      <MultiSelect
        inputId={id}
        aria-label={aria}
        value={chosen}
        options={choices.map((v) => ({ label: v, value: v }))}
        display="chip"
        filter
        invalid={invalid}
        placeholder={t('crud.choose')}
        pt={{ headerCheckbox: { input: { 'aria-label': aria } }, filterInput: { 'aria-label': aria } }}
        onChange={(e) => onChange((e.value as string[]).join(', '))}
      />
    );
  }
  if (kind === 'boolean' && (c.operator === 'equals' || c.operator === 'notEquals')) {
    return (
      <Select
        inputId={id}
        label={aria}
        value={c.value}
        placeholder={t('crud.choose')}
        options={[
          { label: t('common.yes'), value: 'true' },
          { label: t('common.no'), value: 'false' },
        ]}
        onChange={(e) => onChange(String(e.value))}
      />
    );
  }
  const numeric = ['gt', 'gte', 'lt', 'lte', 'withinLastDays'].includes(c.operator);
  const date = c.operator === 'before' || c.operator === 'after';
  const list = c.operator === 'in' || c.operator === 'notIn';
  return (
    <InputText
      id={id}
      aria-label={aria}
      type={date ? 'date' : numeric ? 'number' : 'text'}
      value={c.value}
      invalid={invalid}
      placeholder={list ? t('segment.listHint') : undefined}
      aria-describedby={describedBy}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function ConditionRow({ node: c, label, problems, onChange, onRemove }: NodeProps<DraftCondition> & { onRemove: () => void }) {
  const { t } = useTranslation();
  const problem = problems.get(c.key);
  const errorId = `rule-error-${c.key}`;
  const tags = useSegmentTags();
  const tag = c.tagId ? tags.find((x) => x.id === c.tagId) : undefined;
  const operators = tag ? tagOperators(tag) : operatorsOf(c.field);
  return (
    <div className={styles.ruleCondition} data-condition={label}>
      <Select
        inputId={`rule-field-${c.key}`}
        label={`${t('segment.field')} ${label}`}
        value={tag ? `tag:${tag.id}` : c.field}
        options={[
          ...FIELD_CHOICES.map((f) => ({ label: t(`segment.fieldOption.${f}`), value: f as string })),
          ...tags.map((x) => ({ label: t('segment.tagOption', { name: x.name }), value: `tag:${x.id}` })),
        ]}
        onChange={(e) => {
          const value = String(e.value);
          const chosenTag = value.startsWith('tag:') ? tags.find((x) => x.id === value.slice(4)) : undefined;
          if (chosenTag) return onChange(withTag(c, chosenTag));
          const field = value as DraftCondition['field'];
          const allowed = operatorsOf(field);
          onChange({ ...c, tagId: undefined, field, operator: allowed.includes(c.operator) ? c.operator : allowed[0], value: kindOf(field) === kindOf(c.field) ? c.value : '' });
        }}
      />
      {c.field === 'attribute' && !tag && (
        <InputText
          id={`rule-attribute-${c.key}`}
          aria-label={`${t('segment.attributeName')} ${label}`}
          placeholder={t('segment.attributeName')}
          value={c.attribute}
          maxLength={64}
          onChange={(e) => onChange({ ...c, attribute: e.target.value })}
        />
      )}
      <Select
        inputId={`rule-operator-${c.key}`}
        label={`${t('segment.operator')} ${label}`}
        value={c.operator}
        options={operators.map((o) => ({ label: t(`segment.operatorOption.${o}`), value: o }))}
        onChange={(e) => onChange({ ...c, operator: e.value, value: takesValue(e.value) ? c.value : '' })}
      />
      {takesValue(c.operator) && (
        <ValueInput
          c={c}
          label={label}
          choices={tag?.values}
          invalid={Boolean(problem)}
          describedBy={problem ? errorId : undefined}
          onChange={(value) => onChange({ ...c, value })}
        />
      )}
      <Button type="button" icon="pi pi-times" text rounded severity="secondary" aria-label={t('segment.removeCondition', { n: label })} onClick={onRemove} />
      <FieldError id={errorId} text={problem} />
    </div>
  );
}

export function GroupEditor({ node: group, label, problems, onChange, onRemove, depth = 1 }: NodeProps<DraftGroup> & { onRemove?: () => void; depth?: number }) {
  const { t } = useTranslation();
  const set = (i: number, next: DraftNode) => onChange({ ...group, conditions: group.conditions.map((n, j) => (j === i ? next : n)) });
  const remove = (i: number) => onChange({ ...group, conditions: group.conditions.filter((_, j) => j !== i) });
  const childLabel = (i: number) => (label ? `${label}.${i + 1}` : String(i + 1));
  const problem = problems.get(group.key);
  return (
    <div className={styles.ruleGroup} role="group" aria-label={label ? t('segment.condition', { n: label }) : t('segment.rule')}>
      <div className={styles.ruleGroupHead}>
        <Select
          inputId={`rule-op-${group.key}`}
          label={`${t('segment.groupOp')} ${label}`.trim()}
          value={group.op}
          options={GROUP_OPS.map((op) => ({ label: t(`segment.match.${op}`), value: op }))}
          onChange={(e) => onChange({ ...group, op: e.value })}
        />
        {onRemove && <Button type="button" icon="pi pi-trash" text severity="danger" label={t('segment.removeGroup')} onClick={onRemove} />}
      </div>
      {group.conditions.map((n, i) =>
        isDraftGroup(n) ? (
          <GroupEditor key={n.key} node={n} label={childLabel(i)} problems={problems} depth={depth + 1} onChange={(next) => set(i, next)} onRemove={() => remove(i)} />
        ) : (
          <ConditionRow key={n.key} node={n} label={childLabel(i)} problems={problems} onChange={(next) => set(i, next)} onRemove={() => remove(i)} />
        ),
      )}
      <FieldError id={`rule-error-${group.key}`} text={problem} />
      <div className={styles.ruleActions}>
        <Button
          type="button"
          icon="pi pi-plus"
          label={t('segment.addCondition')}
          outlined
          size="small"
          onClick={() => onChange({ ...group, conditions: [...group.conditions, newCondition()] })}
        />
        <Button
          type="button"
          icon="pi pi-sitemap"
          label={t('segment.addGroup')}
          outlined
          size="small"
          disabled={depth >= RULE_LIMITS.depth}
          onClick={() => onChange({ ...group, conditions: [...group.conditions, newGroup(group.op === 'AND' ? 'OR' : 'AND')] })}
        />
      </div>
    </div>
  );
}
