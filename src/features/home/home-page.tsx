import { shellMessages } from '../../../domain/messages/shell';
import { ScreenPage, useScreenChrome } from '../../ui/screen-chrome';
import { OfficeDay } from './office-day';

/** The office's Inicio: its day, drawn through the screen chrome (light at the start, Ionic after). */
export default function OfficeHome() {
  const { navigate } = useScreenChrome();
  return (
    <ScreenPage title={shellMessages.home}>
      <OfficeDay navigate={navigate} />
    </ScreenPage>
  );
}
