import { setupIonicReact } from '@ionic/react';
import './ionic-styles';

// Imported by each entry into Ionic (the Ionic shell, and the overlays the driver's light start
// loads when opened): Ionic is configured once, before its first component renders, whichever
// of them comes first.
setupIonicReact({ mode: 'md' });
