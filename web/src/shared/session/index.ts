export * from './store';
export * from './api';
export { clearSelections, KEYS } from './storage';
export { ClubIdProvider, useClubId } from './clubId';
export { useClubMutation, type ClubMutationContext } from './clubMutation';
