import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, isApiError } from '../../shared/api';

/**
 * The text of an API error for these screens: the feature's translation of the error code
 * (memberTools.errors.<code>) when there is one, else the app's (errors.<code>), else the
 * server's own message.
 */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (e: unknown) => {
      if (isApiError(e) && e.code && i18n.exists(`memberTools.errors.${e.code}`)) return t(`memberTools.errors.${e.code}`);
      return errorText(e, t, (k) => i18n.exists(k));
    },
    [t, i18n],
  );
}
