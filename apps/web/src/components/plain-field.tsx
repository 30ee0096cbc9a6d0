import type { ChangeEvent, CSSProperties, InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { useId, useRef } from 'react';
import { useEarlyInput } from '@/lib/use-early-input';
import classes from './plain-field.module.css';

interface FieldProps {
  label: string;
  /** The field's box in its row (a flex size, say). */
  style?: CSSProperties;
}

function Labelled({ label, id, style, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div style={style}>
      <label className={classes.label} htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** The change a visitor made before the page came alive, given to the field's handler as an event of its own. */
function earlyChange<T extends HTMLInputElement | HTMLSelectElement>(field: T) {
  return { target: field, currentTarget: field } as unknown as ChangeEvent<T>;
}

/**
 * A labelled text box that looks like Mantine's TextInput, for the public pages' filters, where every kilobyte
 * counts (plain-field.module.css). Forms behind a sign-in keep Mantine's inputs.
 */
export function PlainTextInput({
  label,
  icon,
  style,
  className,
  ...input
}: FieldProps & { icon?: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'style'>) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  useEarlyInput(ref, input.value, (field) => input.onChange?.(earlyChange(field)));
  return (
    <Labelled label={label} id={id} style={style}>
      <div className={classes.box}>
        {icon && <span className={classes.icon}>{icon}</span>}
        <input
          ref={ref}
          id={id}
          className={[classes.input, icon && classes.withIcon, className].filter(Boolean).join(' ')}
          {...input}
        />
      </div>
    </Labelled>
  );
}

/** A labelled dropdown that looks like Mantine's NativeSelect (see PlainTextInput). */
export function PlainSelect({
  label,
  options,
  style,
  className,
  ...select
}: FieldProps & { options: readonly { value: string; label: string }[] } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'style'
  >) {
  const id = useId();
  const ref = useRef<HTMLSelectElement>(null);
  useEarlyInput(ref, select.value, (field) => select.onChange?.(earlyChange(field)));
  return (
    <Labelled label={label} id={id} style={style}>
      <select
        ref={ref}
        id={id}
        className={[classes.input, classes.select, className].filter(Boolean).join(' ')}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

/** Fields side by side from a tablet's width up, stacked on a phone (as Mantine's SimpleGrid cols={{ base: 1, sm: n }}). */
export function PlainFields({ columns, children }: { columns: 2 | 3; children: ReactNode }) {
  return (
    <div className={classes.fields} style={{ '--fields': columns } as CSSProperties}>
      {children}
    </div>
  );
}
