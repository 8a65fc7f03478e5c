import { cn } from './cn';
import { TextField, type TextFieldProps } from './text-field';

export type DateFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A native date input: its value is a `YYYY-MM-DD` string, the format the API uses. */
export function DateField({ inputClassName, ...props }: DateFieldProps) {
  return <TextField type="date" inputClassName={cn('pr-3 [color-scheme:light]', inputClassName)} {...props} />;
}
