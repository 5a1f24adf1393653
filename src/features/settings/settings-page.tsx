import { messages } from '../../../domain/messages';
import { APP_VERSION } from '../../../domain/version';
import { useShell } from '../../ui/shell-context';
import { ScreenPage } from '../../ui/screen-chrome';
import '../../ui/plain-list.css';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <li className="plain-list__item">
      <div className="plain-list__text">
        <p className="plain-list__detail">{label}</p>
        <h2 className="plain-list__title">{value}</h2>
      </div>
    </li>
  );
}

/** 'Ajustes': the person's profile and what they may do, and the app's version. */
export default function SettingsPage() {
  const { user, deployment } = useShell();
  return (
    <ScreenPage title={messages.settings.title}>
      <h2 className="plain-list__header">{messages.settings.profile}</h2>
      <ul className="plain-list">
        <Row label={messages.settings.name} value={`${user.name} ${user.last}`} />
        <Row label={messages.settings.email} value={user.email} />
        <Row label={messages.settings.jobPosition} value={user.job_position ?? '—'} />
        <Row label={messages.settings.branch} value={user.branch?.name ?? '—'} />
        <Row label={messages.settings.permissions} value={user.permissions.length > 0 ? user.permissions.join(', ') : '—'} />
      </ul>
      <h2 className="plain-list__header">{messages.settings.app}</h2>
      <ul className="plain-list">
        <Row label={messages.settings.version} value={APP_VERSION} />
        <Row label={messages.settings.deployment} value={deployment.identity.legalName} />
      </ul>
    </ScreenPage>
  );
}
