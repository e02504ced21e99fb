import type { HTMLAttributes } from 'react';
import layout from './layout.module.css';

/**
 * The rows of a list whose click (or Enter, or Space) selects one for the side panel: the props to
 * spread on its Table. The selected row is marked and says so to assistive technology.
 */
export function selectableRows<T>({
  isSelected,
  onSelect,
  testId,
}: {
  isSelected: (row: T) => boolean;
  onSelect: (row: T) => void;
  testId: (row: T) => string;
}) {
  return {
    rowClassName: (row: T) => `${layout.clickableRow} ${isSelected(row) ? layout.selectedRow : ''}`,
    onRow: (row: T) =>
      ({
        onClick: () => onSelect(row),
        onKeyDown: (e) => {
          if ((e.key === 'Enter' || e.key === ' ') && e.target === e.currentTarget) {
            e.preventDefault();
            onSelect(row);
          }
        },
        tabIndex: 0,
        'aria-selected': isSelected(row),
        'data-testid': testId(row),
      }) as HTMLAttributes<HTMLElement>,
  };
}
