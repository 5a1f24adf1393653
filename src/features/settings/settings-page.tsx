import { settingsMessages } from '../../../domain/messages/settings';
import { APP_VERSION } from '../../../domain/version';
import { useShell } from '../../ui/shell-context';
import { ScreenPage } from '../../ui/screen-chrome';
import { AppLink } from '../../ui/app-link';
import { PushSetting } from './push-setting';
import { supportMessages } from '../../../domain/messages/support';
import { useToast } from '../../ui/toast';
import { ChangePassword } from './change-password';
import '../../ui/plain-list.css';
import './settings-page.css';

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

/** 'Ajustes': the person's profile and what they may do, the app's version, and changing one's password. */
export default function SettingsPage() {
  const { user, deployment } = useShell();
  const [notify, toast] = useToast();
  return (
    <ScreenPage title={settingsMessages.title} overlays={toast}>
      <h2 className="plain-list__header">{settingsMessages.profile}</h2>
      <ul className="plain-list">
        <Row label={settingsMessages.name} value={`${user.name} ${user.last}`} />
        <Row label={settingsMessages.email} value={user.email} />
        <Row label={settingsMessages.jobPosition} value={user.job_position ?? '—'} />
        <Row label={settingsMessages.branch} value={user.branch?.name ?? '—'} />
        <Row label={settingsMessages.permissions} value={user.permissions.length > 0 ? user.permissions.join(', ') : '—'} />
      </ul>
      <h2 className="plain-list__header">{settingsMessages.app}</h2>
      <ul className="plain-list">
        <Row label={settingsMessages.version} value={APP_VERSION} />
        <Row label={settingsMessages.deployment} value={deployment.identity.legalName} />
      </ul>
      <PushSetting notify={notify} />
      <ChangePassword notify={notify} />
      <p>
        <AppLink href="/support">{supportMessages.reportProblem}</AppLink>
      </p>
    </ScreenPage>
  );
}
