export { BrandMark } from './BrandMark';
export { CenteredSpin } from './CenteredSpin';
export { MeasureSafe } from './MeasureSafe';
export { PageHeader, type PageHeaderProps } from './PageHeader';
export { TableEmpty, TableSkeleton } from './TableStates';
export { useCloseDialogRoute } from './useCloseDialogRoute';
export { useKeyboardScroll } from './useKeyboardScroll';
export { DESKTOP_QUERY, useIsDesktop, useMediaQuery } from './useMediaQuery';
