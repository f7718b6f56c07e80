/** What every control of the entity form is handed (fieldControls.tsx and the controls beside it). */
import type { FormField } from '../../../../shared/entities/entity';

export interface ControlProps {
  field: FormField;
  id: string;
  label: string;
  value: unknown;
  error: string | undefined;
  /** `span-2` for a wide field */
  className: string | undefined;
  set: (value: unknown) => void;
  /** a select's and a reference's choices */
  options: { value: unknown; label: string }[];
  placeholder: string;
}
