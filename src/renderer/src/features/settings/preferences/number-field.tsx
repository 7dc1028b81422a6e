import { Field } from '@renderer/components/field';

/** A whole-number setting: its label and a number input (with min, max and step as given). */
export function NumberField({
  id,
  label,
  value,
  min,
  max,
  step,
  describedBy,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  min: number;
  max?: number;
  step?: string;
  describedBy?: string | undefined;
  disabled?: boolean;
  onChange(value: number): void;
}) {
  return (
    <Field id={id} label={label} {...(describedBy ? { describedBy } : {})}>
      {(control) => (
        <input {...control} type="number" min={min} max={max} step={step} value={value} disabled={disabled} onChange={(e) => onChange(Number(e.target.value))} />
      )}
    </Field>
  );
}
