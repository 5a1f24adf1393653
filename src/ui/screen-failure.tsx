import { Component, type ReactNode } from 'react';
import { commonMessages, screenFailureMessages as text } from '../../domain/messages/shell';

interface State {
  failed: boolean;
  offline: boolean;
}

/**
 * What a signed-in page shows instead of a blank one when a screen cannot be drawn — most often
 * its code could not be fetched: offline on a device where the app is not installed yet, or a
 * connection dropped mid-load. A screen that failed to load stays failed until the page loads
 * again, so 'Reintentar' reloads; offline without the installed app a reload finds no page at
 * all, so there it waits for the connection and reloads then. What the person did is in the
 * device's store and outbox, which a reload keeps.
 */
export class ScreenFailure extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false, offline: false };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true, offline: !canReload() };
  }

  override componentDidUpdate(_: unknown, previous: State) {
    if (this.state.failed && !previous.failed) window.addEventListener('online', this.reloadWhenOnline);
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.reloadWhenOnline);
  }

  private reloadWhenOnline = () => window.location.reload();

  private retry = () => {
    if (canReload()) window.location.reload();
    else this.setState({ offline: true });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="centered">
        <h1>{text.title}</h1>
        <p role="alert">{this.state.offline ? text.offline : text.body}</p>
        <button type="button" className="button-primary button-primary--padded" onClick={this.retry}>
          {commonMessages.retry}
        </button>
      </main>
    );
  }
}

/** A reload finds the app: online, or served by the installed app's service worker. */
function canReload(): boolean {
  return navigator.onLine || Boolean(navigator.serviceWorker?.controller);
}
