/** A round icon-only button (a table row's action, an editor's tool), named for screen readers by its label. */
import { Button, type ButtonProps } from 'primereact/button';

export function RowAction({ label, ...rest }: Omit<ButtonProps, 'aria-label' | 'label'> & { icon: string; label: string }) {
  return <Button type="button" text rounded aria-label={label} {...rest} />;
}
