export * from './store';
export * from './api';
export { clearSelections, KEYS } from './storage';
