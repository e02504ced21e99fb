export { BrandMark } from './BrandMark';
export { CenteredSpin } from './CenteredSpin';
export { PageHeader, type PageHeaderProps } from './PageHeader';
export { TableEmpty, TableSkeleton } from './TableStates';
export { useCloseDialogRoute } from './useCloseDialogRoute';
export { DESKTOP_QUERY, useIsDesktop, useMediaQuery } from './useMediaQuery';
