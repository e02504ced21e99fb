import { DatePicker, type DatePickerProps } from 'antd';
import { useState } from 'react';
import { dateFormat } from '../../../shared/format';

/**
 * A date picker in the language's pattern (dd/MM/yyyy, dd.MM.yyyy in German) for forms where Enter moves on: while its calendar is open, Enter only
 * confirms the date; once closed, Enter submits the form as in every other field.
 */
export function DateField(props: DatePickerProps) {
  const [open, setOpen] = useState(false);
  return (
    <DatePicker
      format={dateFormat()}
      {...props}
      onOpenChange={(o) => {
        setOpen(o);
        props.onOpenChange?.(o);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && open) e.preventDefault();
      }}
    />
  );
}
