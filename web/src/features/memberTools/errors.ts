import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../../shared/api';

/**
 * The text of an API error for these screens: the feature's translation of the error code
 * (memberTools.errors.<code>) when there is one, else the app's (errors.<code>), else the
 * server's own message.
 */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  return useCallback((e: unknown) => refusalText(e, t, i18n, 'memberTools'), [t, i18n]);
}
