/**
 * PrimeReact's Dropdown with an accessible name on every part a screen reader meets: the focusable combobox is
 * named by a visible `<label htmlFor={inputId}>` or, where there is none, by `label`; the arrow button is named by
 * `label`; and the hidden native `<select>` the Dropdown keeps for forms stays out of the accessibility tree (it is
 * never focused, and would read as a second, unnamed control).
 */
import { Dropdown, type DropdownProps } from 'primereact/dropdown';

export interface SelectProps extends Omit<DropdownProps, 'inputId' | 'ariaLabel' | 'aria-label'> {
  /** id of the focusable combobox, the target of a visible `<label htmlFor>` */
  inputId: string;
  /** what the control chooses, e.g. "Role": the name of the arrow button, and of the combobox without a visible label */
  label: string;
  /** a visible `<label htmlFor={inputId}>` names the combobox */
  labelled?: boolean;
}

/** `pt` may add to the pass-through options; `root`, `select`, `trigger` and `item` are set here. */
export function Select({ inputId, label, labelled = false, pt, ...props }: SelectProps) {
  return (
    <Dropdown
      {...props}
      inputId={inputId}
      aria-label={labelled ? undefined : label}
      pt={{
        ...pt,
        // aria-activedescendant belongs on the focused combobox, not on the wrapper, where ARIA does not allow it;
        // aria-disabled tells checkers that the dimmed text is of a disabled control (exempt from contrast)
        root: { 'aria-activedescendant': undefined, 'aria-disabled': props.disabled || undefined },
        select: { 'aria-hidden': true },
        trigger: { 'aria-label': label },
        // an option is named by what it shows (an item template may show more than the option's label)
        item: { 'aria-label': undefined },
      }}
    />
  );
}
