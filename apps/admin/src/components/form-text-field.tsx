// A Polaris text field bound to one string field of a react-hook-form form: it shows the
// field's error, and an edit clears that error until the form is checked again.
import { useController, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { TextField, type TextFieldProps } from '@shopify/polaris';

export function FormTextField<T extends FieldValues>({
  form,
  name,
  ...props
}: { form: UseFormReturn<T>; name: Path<T> } & Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'error'
>) {
  const { field, fieldState } = useController({ control: form.control, name });
  return (
    <TextField
      {...props}
      value={field.value as string}
      onChange={(text) => {
        field.onChange(text);
        form.clearErrors(name);
      }}
      error={fieldState.error?.message}
    />
  );
}
