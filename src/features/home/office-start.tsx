import { messages } from '../../../domain/messages';
import { LightFrame, type LeaveLightStart } from '../../app/light-frame';
import { OfficeDay } from './office-day';

/**
 * The office's first screen, its day, drawn without Ionic as the driver's light start is.
 * Going anywhere hands over to the Ionic app at that address (`onLeave`).
 */
export default function OfficeStart({ onLeave }: { onLeave: LeaveLightStart }) {
  return (
    <LightFrame title={messages.shell.home} current="/" onLeave={onLeave}>
      <OfficeDay navigate={onLeave} />
    </LightFrame>
  );
}
