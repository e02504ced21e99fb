export { BrandMark } from './BrandMark';
export { CenteredSpin } from './CenteredSpin';
export { DESKTOP_QUERY, useIsDesktop, useMediaQuery } from './useMediaQuery';
