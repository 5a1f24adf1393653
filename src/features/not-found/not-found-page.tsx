import { notFoundMessages } from '../../../domain/messages/shell';
import { AppLink } from '../../ui/app-link';
import { ScreenPage } from '../../ui/screen-chrome';
import './not-found.css';

/** An address that opens nothing; `notAllowed`: a screen that exists, which this person may not open. */
export default function NotFoundPage({ notAllowed = false }: { notAllowed?: boolean }) {
  const title = notAllowed ? notFoundMessages.notAllowedTitle : notFoundMessages.title;
  return (
    <ScreenPage title={title}>
      <div className="centered">
        <h1>{title}</h1>
        <p>{notAllowed ? notFoundMessages.notAllowedBody : notFoundMessages.body}</p>
        <AppLink href="/" className="button-primary button-primary--padded not-found__home">
          {notFoundMessages.back}
        </AppLink>
      </div>
    </ScreenPage>
  );
}
