import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import cells from './cells.module.css';
import layout from './layout.module.css';

/** The search bar above a list: one large search field with its clear button. */
export function SearchBar({
  value,
  onChange,
  placeholder,
  label,
  testId,
  className,
}: {
  value: string;
  onChange: (text: string) => void;
  placeholder: string;
  label: string;
  testId: string;
  /** A class beside the bar's own (to set --filter-bar-narrow-padding). */
  className?: string;
}) {
  return (
    <div className={className ? `${layout.filterBar} ${className}` : layout.filterBar} role="search">
      <Input
        size="large"
        allowClear
        value={value}
        onChange={(e) => onChange(e.target.value)}
        prefix={<SearchOutlined className={cells.muted} />}
        placeholder={placeholder}
        aria-label={label}
        className={layout.search}
        data-testid={testId}
      />
    </div>
  );
}
