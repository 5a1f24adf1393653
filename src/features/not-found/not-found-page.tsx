import { notFoundMessages } from '../../../domain/messages/shell';
import { AppLink } from '../../ui/app-link';
import { ScreenPage } from '../../ui/screen-chrome';
import './not-found.css';

export default function NotFoundPage() {
  return (
    <ScreenPage title={notFoundMessages.title}>
      <div className="centered">
        <h1>{notFoundMessages.title}</h1>
        <p>{notFoundMessages.body}</p>
        <AppLink href="/" className="button-primary button-primary--padded not-found__home">
          {notFoundMessages.back}
        </AppLink>
      </div>
    </ScreenPage>
  );
}
