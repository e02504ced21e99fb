import '../i18n';
import { PublicationForm } from '../components/PublicationForm';

/** Route "eventcreate": publish an event. */
export default function EventCreatePage() {
  return <PublicationForm kind="events" />;
}
