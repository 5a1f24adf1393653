import { setupIonicReact } from '@ionic/react';
import './ionic-styles';

// Every module that draws Ionic components imports this first: Ionic is configured once,
// before its first component, whichever of them a screen loads first.
setupIonicReact({ mode: 'md' });
