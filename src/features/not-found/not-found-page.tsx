import { messages } from '../../../domain/messages';
import { AppLink } from '../../ui/app-link';
import { ScreenPage } from '../../ui/screen-chrome';
import './not-found.css';

export default function NotFoundPage() {
  return (
    <ScreenPage title={messages.notFound.title}>
      <div className="centered">
        <h1>{messages.notFound.title}</h1>
        <p>{messages.notFound.body}</p>
        <AppLink href="/" className="button-primary button-primary--padded not-found__home">
          {messages.notFound.back}
        </AppLink>
      </div>
    </ScreenPage>
  );
}
