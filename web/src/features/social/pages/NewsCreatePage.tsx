import '../i18n';
import { PublicationForm } from '../components/PublicationForm';

/** Route "newscreate": publish a news item. */
export default function NewsCreatePage() {
  return <PublicationForm kind="news" />;
}
