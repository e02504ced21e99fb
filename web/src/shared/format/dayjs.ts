import dayjs from 'dayjs';
import 'dayjs/locale/ca';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/it';
import 'dayjs/locale/pt';
import { currentLanguage, i18n, isLanguage, LOCALE_TAGS } from '../i18n';

/**
 * dayjs with the interface language's locale (weeks start on Monday in all six). Screens that
 * show or pick dates import dayjs from here; it stays out of the login page's bundle.
 */
dayjs.locale(LOCALE_TAGS[currentLanguage()].dayjs);
i18n.on('languageChanged', (lng) => {
  if (isLanguage(lng)) dayjs.locale(LOCALE_TAGS[lng].dayjs);
});

export { dayjs };
export default dayjs;
